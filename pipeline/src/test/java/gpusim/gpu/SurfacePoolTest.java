package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.DepthFormat;
import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.ps.ColorSurface;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.rb.RenderBackEndQueryProtocol;
import gpusim.memory.DeviceMemory;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

class SurfacePoolTest {
    @Test
    void anArrayGivenBackIsTakenAgainClearedAndOnlyForItsLength() {
        SurfacePool pool = new SurfacePool(1 << 20);
        int[] a = pool.ints(1000);
        a[7] = 42;
        pool.give(a);
        assertEquals(4000, pool.heldBytes());
        assertNotSame(a, pool.ints(999), "another length is a new array");
        int[] again = pool.ints(1000);
        assertSame(a, again);
        assertEquals(0, again[7], "cleared, as a new array is");
        assertEquals(0, pool.heldBytes());
        char[] c = pool.chars(10);
        c[3] = 'x';
        pool.give(c);
        assertEquals(0, pool.chars(10)[3]);
        byte[] b = pool.bytes(10);
        b[9] = 1;
        pool.give(b);
        assertEquals(0, pool.bytes(10)[9]);
    }

    @Test
    void aFullPoolDropsTheArraysHeldLongestAndNeverHoldsMoreThanItsCapacity() {
        SurfacePool pool = new SurfacePool(10_000);
        int[] first = new int[1000];
        int[] second = new int[1000];
        pool.give(first);
        pool.give(second);
        assertEquals(8000, pool.heldBytes());
        byte[] third = new byte[4000];
        pool.give(third); // displaces the first
        assertEquals(8000, pool.heldBytes());
        assertSame(second, pool.ints(1000));
        assertNotSame(first, pool.ints(1000), "dropped when the pool filled");
        assertSame(third, pool.bytes(4000));
        pool.give(new int[3000]); // larger than the pool: not held
        assertEquals(0, pool.heldBytes());
    }

    @Test
    void aRunsSurfacesComeFromThePoolAndGoBackToIt() {
        TraceBuilder tb = new TraceBuilder();
        Resource.RenderTarget rt = tb.renderTarget("rt", 64, 32, 1);
        Resource.DepthStencil ds = tb.depthStencil("ds", 64, 32, 1, DepthFormat.D24_UNORM_S8_UINT);
        Trace t = tb.build();
        SurfacePool pool = new SurfacePool(1 << 20);
        Resources first = resources(t, pool);
        ColorSurface c = first.color(rt);
        DepthSurface d = first.depth(ds);
        c.rgba[5] = 9;
        d.depth[5] = 9;
        d.stencil[5] = 9;
        pool.recycle(new RunResult(0, List.of(), List.of(), List.of(), null, 0, 0, List.of(c), List.of(d), null));
        Resources second = resources(t, pool);
        int[] rgba = second.color(rt).rgba;
        int[] depth = second.depth(ds).depth;
        // Both int arrays are 2,048 long: each goes to one of the two, whichever.
        assertTrue(rgba != depth && (rgba == c.rgba || rgba == d.depth) && (depth == c.rgba || depth == d.depth),
                "the first run's arrays, reused");
        assertTrue(second.depth(ds).stencil == d.stencil, "the stencil array, reused");
        assertEquals(0, rgba[5]);
        assertEquals(0, depth[5]);
        assertEquals(0, second.depth(ds).stencil[5]);
    }

    private static Resources resources(Trace t, SurfacePool pool) {
        return new Resources(t.resources(), new DeviceMemory(256), new RenderBackEndQueryProtocol(new TileMap(4, 8)), 8,
                false, null, pool);
    }
}
