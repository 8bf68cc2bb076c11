package gpusim.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.config.Config;
import gpusim.gpu.RunResult;
import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.ps.ColorSurface;
import gpusim.sim.Stat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Goldens of what the model does beyond the dumps, for every conformance case on the default
 * machine: the total cycles, each stage's busy cycles, and a hash (FNV-1a 64) of every render
 * target's colour samples and every depth buffer's depth and stencil samples, taken in
 * (y, x, sample) order so the surface layout does not enter. Timing changes are meant to move
 * cycles; this test makes each such move visible and deliberate, and guards shading,
 * blending and depth writes, which the dumps do not show.
 *
 * <p>When a change is meant to move them, regenerate the file and review its diff:
 * {@code mvn -B -ntp -pl harness -am verify -Dtest=GoldenCyclesTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dgpusim.updateGoldens=true} (rewrites harness/src/test/resources/goldens/conformance.csv).
 */
class GoldenCyclesTest {
    static final Path FILE = Path.of("src", "test", "resources", "goldens", "conformance.csv");
    static final String[] STAGES = {"cp", "ia", "vs", "clip", "setup", "raster", "db0", "db1", "db2", "db3", "se0", "se1", "se2", "se3",
            "cb0", "cb1", "cb2", "cb3", "eop"};

    static String row(String name) throws IOException {
        return row(name, Config.defaults().with("sim.threads=1"));
    }

    static String row(String name, Config config) throws IOException {
        RunResult r = ConformanceTest.run(name, config);
        StringBuilder sb = new StringBuilder(name).append(',').append(r.cycles());
        for (String s : STAGES) {
            Stat busy = r.stats().find(s + ".busy_cycles");
            sb.append(',').append(busy == null ? "-" : busy.value().toString());
        }
        long h = 0xcbf29ce484222325L;
        for (ColorSurface c : r.colorTargets()) {
            for (int y = 0; y < c.height; y++) {
                for (int x = 0; x < c.width; x++) {
                    int p = c.layout.pixel(x, y);
                    for (int s = 0; s < c.samples; s++) {
                        h = fnv(h, c.rgba[p + s]);
                    }
                }
            }
        }
        sb.append(',').append(Long.toHexString(h));
        h = 0xcbf29ce484222325L;
        for (DepthSurface d : r.depthTargets()) {
            for (int y = 0; y < d.height; y++) {
                for (int x = 0; x < d.width; x++) {
                    int p = d.layout.pixel(x, y);
                    for (int s = 0; s < d.samples; s++) {
                        h = fnv(h, d.depth[p + s]);
                        h = fnv(h, d.stencil == null ? 0 : d.stencil[p + s]);
                    }
                }
            }
        }
        return sb.append(',').append(Long.toHexString(h)).toString();
    }

    static long fnv(long h, int v) {
        for (int i = 0; i < 4; i++) {
            h ^= (v >>> (8 * i)) & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    static String header() {
        return "case,cycles," + String.join(",", List.of(STAGES).stream().map(s -> s + ".busy").toList())
                + ",colour_hash,depth_hash";
    }

    @Test
    void everyConformanceCaseMatchesItsGolden() throws IOException {
        List<String> rows = new ArrayList<>();
        rows.add(header());
        for (int i = 0; i < 60; i++) {
            rows.add(row(String.format("case-%03d", i)));
        }
        if (Boolean.getBoolean("gpusim.updateGoldens")) {
            Files.createDirectories(FILE.getParent());
            Files.write(FILE, rows);
            return;
        }
        Map<String, String> want = new LinkedHashMap<>();
        for (String l : Files.readAllLines(FILE)) {
            want.put(l.substring(0, l.indexOf(',')), l);
        }
        assertEquals(61, want.size(), "golden rows (header and 60 cases)");
        for (String got : rows) {
            String name = got.substring(0, got.indexOf(','));
            assertEquals(want.get(name), got, "golden of " + name + " (regenerate as the class comment says, if meant)");
        }
    }

    // The surfaces' hashes do not depend on the machine: another DB count and tile size (so
    // another surface layout and other cycles) give the same colours, depths and stencils.
    @Test
    void surfaceHashesDoNotDependOnTheMachine() throws IOException {
        Map<String, String> want = new LinkedHashMap<>();
        for (String l : Files.readAllLines(FILE)) {
            want.put(l.substring(0, l.indexOf(',')), l);
        }
        for (String name : new String[] {"case-001", "case-017", "case-042"}) {
            String[] got = row(name, Config.defaults().with("db.count=2").with("db.tile=32")).split(",");
            String[] golden = want.get(name).split(",");
            assertEquals(golden[golden.length - 2] + "," + golden[golden.length - 1],
                    got[got.length - 2] + "," + got[got.length - 1], name);
        }
    }
}
