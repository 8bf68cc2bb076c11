package gpusim.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.config.Config;
import gpusim.gpu.RunResult;
import gpusim.sim.Stat;
import gpusim.trace.Trace;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The counter-stride study (docs/stride-study.md) responds to the configuration the way the
 * address map says it must. The study trace writes each object's WriteQuery results at
 * object x 4096 + DB x STRIDE; 4096 is a multiple of 4 channels x 256 bytes, so every
 * object's block starts on channel 0. With 4 DBs and 256-byte interleave, stride 64 puts all
 * four DBs' words in one 256-byte granule (channel 0), stride 256 puts DB d on channel d.
 * 256 objects x 4 frames x 4 DBs = 4096 counter writes; everything else is the same traffic.
 */
class StrideStudyTest {
    private static final Path STUDY = Path.of("..", "examples", "occlusion-study.trace");

    private static long[] channelRequests(String stride) throws Exception {
        Config c = Config.defaults().with("db.count=4").with("memory.channels=4").with("memory.interleave=256")
                .with("sim.threads=1");
        Trace t = Simulation.read(STUDY, Map.of("STRIDE", stride), c);
        RunResult r = Simulation.simulate(t, c);
        long[] v = new long[4];
        for (int ch = 0; ch < 4; ch++) {
            v[ch] = ((Stat.Scalar) r.stats().find("memory.channel" + ch + ".requests")).get();
        }
        return v;
    }

    @Test
    void stride256SpreadsFourDbsOverFourChannelsWhereStride64PutsThemOnOne() throws Exception {
        long[] s64 = channelRequests("64");
        long[] s256 = channelRequests("256");
        // The same traffic apart from the counter writes: 4096 on channel 0, or 1024 on each.
        assertArrayEquals(new long[] {4096 - 1024, -1024, -1024, -1024},
                new long[] {s64[0] - s256[0], s64[1] - s256[1], s64[2] - s256[2], s64[3] - s256[3]});
        assertEquals(s64[0] + s64[1] + s64[2] + s64[3], s256[0] + s256[1] + s256[2] + s256[3]);
        // Exact figures, for the record: the default machine, surfaces in memory and compressed (their depth and colour
        // lines are most of each channel's requests).
        assertArrayEquals(new long[] {18044, 13744, 12976, 13236}, s64, () -> java.util.Arrays.toString(s64));
        assertArrayEquals(new long[] {14972, 14768, 14000, 14260}, s256, () -> java.util.Arrays.toString(s256));
    }
}
