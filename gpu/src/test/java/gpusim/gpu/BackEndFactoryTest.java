package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.dump;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import gpusim.config.BackEndKind;
import gpusim.config.Config;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.rb.RenderBackEndQueryProtocol;
import gpusim.gpu.rop.RopQueryProtocol;
import org.junit.jupiter.api.Test;

/** Every back-end kind has a factory and builds a GPU that runs a query to the same result. */
class BackEndFactoryTest {
    @Test
    void everyKindPlansItsQueryProtocol() {
        Config c = Config.defaults().with("rop.partitions=2").with("rop.units_per_partition=2");
        TileMap tiles = new TileMap(4, 8);
        assertInstanceOf(RenderBackEndQueryProtocol.class,
                BackEndFactory.of(BackEndKind.RENDER_BACK_ENDS).plan(c, tiles).queryProtocol());
        assertInstanceOf(RopQueryProtocol.class, BackEndFactory.of(BackEndKind.ROPS).plan(c, tiles).queryProtocol());
        assertEquals(4 * 16, BackEndFactory.of(BackEndKind.RENDER_BACK_ENDS).plan(c, tiles).queryProtocol().slotBytes(),
                "a {begin, end} pair per DB");
        assertEquals(40, BackEndFactory.of(BackEndKind.ROPS).plan(c, tiles).queryProtocol().slotBytes(),
                "two 16-byte reports and the availability word");
    }

    @Test
    void everyKindBuildsAndCountsEverySample() {
        for (BackEndKind k : BackEndKind.values()) {
            RunResult r = TraceBuilder.run(RopBackEndTest.query(), "backend.kind=" + k.configName(),
                    "rop.partitions=2", "rop.units_per_partition=2");
            assertArrayEquals(new long[] {0, 64 * 64}, dump(r, 0), k.configName());
            assertEquals(4, r.tiles().dbCount, k.configName() + ": four tile owners");
        }
    }
}
