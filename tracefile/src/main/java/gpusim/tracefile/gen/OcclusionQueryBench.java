package gpusim.tracefile.gen;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Occlusion query costs: {@code queries} draws of a 1-pixel triangle with no query (the
 * baseline), each in its own OCCLUSION or BINARY_OCCLUSION query, or, timed alone, one
 * resolve_query_data of that many OCCLUSION queries ended before t0. The triangles lie on a grid
 * of 4-pixel cells (corner (1, 1) of each cell, legs 1.5 pixels: exactly the pixel centre
 * (1.5, 1.5) is covered); the warm-up triangle, in its own query, covers (3.5, 3.5), a pixel no
 * measured triangle touches, so every measured query counts exactly one sample. Depth LESS on a
 * cleared D32_FLOAT target, one sample.
 */
public record OcclusionQueryBench(int width, int height, Variant variant, int queries) implements Microbench {
    /** The grid cell, in pixels. */
    static final int CELL = 4;

    /** What is timed. */
    public enum Variant {
        NONE("N draws of a 1-pixel triangle, no query (the baseline)"),
        OCC("N draws of a 1-pixel triangle, each in its own OCCLUSION query"),
        BIN("N draws of a 1-pixel triangle, each in its own BINARY_OCCLUSION query"),
        RESOLVE("one resolve_query_data of N OCCLUSION queries (run before t0)");

        final String description;

        Variant(String description) {
            this.description = description;
        }

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public OcclusionQueryBench {
        Microbench.checkTarget(width, height, 1);
        int cells = (width / CELL) * (height / CELL);
        if (queries < 1 || queries > cells) {
            throw new IllegalArgumentException("queries " + queries + " outside 1 to " + cells + " (the " + width + "x"
                    + height + " target's " + CELL + "-pixel cells)");
        }
    }

    @Override
    public int samples() {
        return 1;
    }

    @Override
    public String category() {
        return "occq";
    }

    @Override
    public String name() {
        return Microbench.prefix(category(), variant.label(), 1) + "-n" + queries;
    }

    @Override
    public String parameters() {
        return Microbench.target(width, height, 1) + " variant=" + variant.label() + " queries=" + queries;
    }

    @Override
    public String description() {
        return variant.description;
    }

    /** One sample for each query (a BINARY_OCCLUSION result is 1 too). */
    @Override
    public List<Long> expectedQueryResults() {
        return variant == Variant.NONE ? List.of() : Collections.nCopies(queries, 1L);
    }

    @Override
    public String trace() {
        int columns = width / CELL;
        List<String> v = new ArrayList<>();
        triangle(v, 3, 3);
        for (int i = 0; i < queries; i++) {
            triangle(v, CELL * (i % columns) + 1, CELL * (i / columns) + 1);
        }
        List<String> declarations = new ArrayList<>(List.of("query_heap wq type=OCCLUSION count=1",
                "buffer wres size=8 state=COPY_DEST"));
        if (variant != Variant.NONE) {
            declarations.add("query_heap qh type=OCCLUSION count=" + queries);
            declarations.add("buffer qres size=" + 8L * queries + " state=COPY_DEST");
        }
        List<String> warmUp = new ArrayList<>(List.of("begin_query wq OCCLUSION 0", "draw 3", "end_query wq OCCLUSION 0",
                "resolve_query_data wq OCCLUSION 0 1 wres 0"));
        List<String> measured = new ArrayList<>();
        List<String> resolves = new ArrayList<>();
        switch (variant) {
            case NONE -> {
                for (int i = 0; i < queries; i++) {
                    measured.add(draw(i));
                }
            }
            case OCC, BIN -> {
                String type = variant == Variant.OCC ? "OCCLUSION" : "BINARY_OCCLUSION";
                queried(measured, type);
                resolves.add("resolve_query_data qh " + type + " 0 " + queries + " qres 0");
            }
            case RESOLVE -> {
                queried(warmUp, "OCCLUSION");
                measured.add("resolve_query_data qh OCCLUSION 0 " + queries + " qres 0");
            }
        }
        return TimedTrace.write(name(), category(), description(), parameters(), new TimedTrace.Parts(width, height,
                1, true, "D32_FLOAT", v, "", declarations, List.of(), warmUp, measured, resolves,
                variant == Variant.NONE ? List.of() : List.of("qres")));
    }

    /** Each measured triangle in its own query of heap qh. */
    private void queried(List<String> out, String type) {
        for (int i = 0; i < queries; i++) {
            out.add("begin_query qh " + type + " " + i);
            out.add(draw(i));
            out.add("end_query qh " + type + " " + i);
        }
    }

    /** Measured triangle i (vertices after the warm-up's three). */
    private static String draw(int i) {
        return "draw 3 start=" + 3 * (i + 1);
    }

    /** A right triangle with legs 1.5 pixels at pixel corner (x, y): it covers the centre (x + 0.5, y + 0.5) only. */
    private void triangle(List<String> v, double x, double y) {
        v.add(TimedTrace.pixel(x, y, 0.5, width, height));
        v.add(TimedTrace.pixel(x + 1.5, y, 0.5, width, height));
        v.add(TimedTrace.pixel(x, y + 1.5, 0.5, width, height));
    }
}
