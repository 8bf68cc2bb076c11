package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.DepthFormat;
import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.ps.ColorSurface;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.rb.RenderBackEndQueryProtocol;
import gpusim.memory.DeviceMemory;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import org.junit.jupiter.api.Test;

class ResourcesTest {
    /**
     * Render targets of {@link Resources#PARALLEL_ALLOCATION_BYTES} or more in all are allocated on a
     * helper thread: each resource still gets its own surface, of its own size, cleared to zero.
     */
    @Test
    void renderTargetsAllocatedBesideTheDepthSurfacesAreEachTheirOwn() {
        TraceBuilder tb = new TraceBuilder();
        Resource.RenderTarget a = tb.renderTarget("a", 2048, 1024, 2);
        Resource.DepthStencil ds = tb.depthStencil("ds", 2048, 1024, 2, DepthFormat.D32_FLOAT);
        Resource.RenderTarget b = tb.renderTarget("b", 640, 480, 4);
        Trace t = tb.build();
        long colorBytes = 4L * (2048 * 1024 * 2 + 640 * 480 * 4);
        assertTrue(colorBytes >= Resources.PARALLEL_ALLOCATION_BYTES, "the case takes the helper thread");
        Resources res = new Resources(t.resources(), new DeviceMemory(256),
                new RenderBackEndQueryProtocol(new TileMap(4, 8)), 8);
        ColorSurface ca = res.color(a);
        ColorSurface cb = res.color(b);
        assertNotSame(ca, cb);
        assertEquals("a", ca.name);
        assertEquals(2048 * 1024 * 2, ca.rgba.length);
        assertEquals("b", cb.name);
        assertEquals(640, cb.width);
        assertEquals(4, cb.samples);
        assertEquals(640 * 480 * 4, cb.rgba.length);
        DepthSurface d = res.depth(ds);
        assertEquals(2048 * 1024 * 2, d.depth.length);
        for (int i = 0; i < cb.rgba.length; i += 4093) {
            assertEquals(0, cb.rgba[i], "slot " + i);
        }
    }
}
