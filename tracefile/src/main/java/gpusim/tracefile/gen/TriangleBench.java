package gpusim.tracefile.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Triangle throughput: many tiny triangles, so the time is the geometry path's (vertex fetch,
 * clipping, culling, setup) and not the pixels'. The distinct triangles lie on a grid of 8-pixel
 * cells (one at (2, 2) of each cell, in pixels), at most one a cell; more triangles are drawn as
 * instances of the same draw. Each kind stops a triangle at another stage: {@code pix1} covers
 * exactly one pixel centre, {@code subpix} covers no sample (1/128 of a pixel, away from the
 * centre), {@code offscreen} lies beyond the viewport's right edge, {@code backface} is wound
 * counter-clockwise and culled (the default cull=BACK), {@code zclip} lies at z = -0.5, in front
 * of the near plane (depth_clip on). Depth off, one sample.
 */
public record TriangleBench(int width, int height, Kind kind, int triangles) implements Microbench {
    /** The grid cell, in pixels. */
    static final int CELL = 8;
    /** The most triangles one trace draws. */
    static final int MAX_TRIANGLES = 1 << 24;

    /** Where each triangle is stopped. */
    public enum Kind {
        PIX1("each covers exactly one pixel centre"),
        SUBPIX("each covers no sample (1/128 pixel area)"),
        OFFSCREEN("entirely outside the viewport (x beyond the right edge)"),
        BACKFACE("counter-clockwise, removed by cull=BACK"),
        ZCLIP("behind the near plane (z = -0.5, depth_clip on)");

        final String description;

        Kind(String description) {
            this.description = description;
        }

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public TriangleBench {
        Microbench.checkTarget(width, height, 1);
        int cells = (width / CELL) * (height / CELL);
        if (triangles < 1 || triangles > MAX_TRIANGLES) {
            throw new IllegalArgumentException("triangles " + triangles + " outside 1 to " + MAX_TRIANGLES);
        }
        if (cells < 1 || (triangles > cells && triangles % cells != 0)) {
            throw new IllegalArgumentException(triangles + " triangles on " + width + "x" + height + ": more than its "
                    + cells + " grid cells must be a multiple of them");
        }
    }

    /** The distinct triangles: one a cell, at most all cells. */
    public int distinct() {
        return Math.min(triangles, (width / CELL) * (height / CELL));
    }

    public int instances() {
        return triangles / distinct();
    }

    @Override
    public int samples() {
        return 1;
    }

    @Override
    public String category() {
        return "tris";
    }

    @Override
    public String name() {
        return Microbench.prefix(category(), kind.label(), 1) + "-n" + triangles;
    }

    @Override
    public String parameters() {
        return Microbench.target(width, height, 1) + " kind=" + kind.label() + " triangles=" + triangles;
    }

    @Override
    public String description() {
        return triangles + " tiny triangles (" + distinct() + " distinct x " + instances() + " instances), "
                + kind.description;
    }

    @Override
    public String trace() {
        int columns = width / CELL;
        List<String> v = new ArrayList<>();
        for (int i = 0; i < distinct(); i++) {
            double x = CELL * (i % columns) + 2;
            double y = CELL * (i / columns) + 2;
            double z = 0.5;
            // Corners in pixels: a right triangle of legs d at (x, y), offset inside its cell.
            double d = 1.5;
            switch (kind) {
                case SUBPIX -> {
                    x += 0.6875;
                    y += 0.0625;
                    d = 0.125;
                }
                case OFFSCREEN -> x += 2.0 * width;
                case ZCLIP -> z = -0.5;
                default -> {
                }
            }
            String a = TimedTrace.pixel(x, y, z, width, height);
            String b = TimedTrace.pixel(x + d, y, z, width, height);
            String c = TimedTrace.pixel(x, y + d, z, width, height);
            if (kind == Kind.BACKFACE) {
                v.addAll(List.of(a, c, b));
            } else {
                v.addAll(List.of(a, b, c));
            }
        }
        String draw = "draw " + 3 * distinct();
        return TimedTrace.write(name(), category(), description(), parameters(), new TimedTrace.Parts(width, height,
                1, true, null, v, "depth=off", List.of(), List.of(), List.of(draw),
                List.of(instances() > 1 ? draw + " instances=" + instances() : draw), List.of(), List.of()));
    }
}
