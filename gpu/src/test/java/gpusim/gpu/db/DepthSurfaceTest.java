package gpusim.gpu.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.DepthFormat;
import org.junit.jupiter.api.Test;

/** Depth encodings: UNORM round to nearest of z x (2^n - 1); D32 the nearest float. */
class DepthSurfaceTest {
    /** The one place that builds a surface (4x2 pixels, 2 samples, 8-pixel tiles). */
    static DepthSurface surface(DepthFormat f) {
        return new DepthSurface("ds", 4, 2, 2, f, 8);
    }

    // D3D11 functional spec FLOAT -> UNORM: c = round(z x (2^n - 1)), to nearest.
    @Test
    void d16RoundsToNearest() {
        DepthSurface s = surface(DepthFormat.D16_UNORM);
        assertEquals(0, s.encode(0.0));
        assertEquals(65535, s.encode(1.0));
        assertEquals(1000, s.encode((1000 + 0.49) / 65535.0));
        assertEquals(1001, s.encode((1000 + 0.51) / 65535.0));
        assertEquals(s.encode((1000 + 0.1) / 65535.0), s.encode((1000 + 0.4) / 65535.0),
                "less than half a step apart: the same D16 value");
        assertEquals(32768, s.encode(0.5), "0.5 x 65535 = 32767.5 rounds to even");
    }

    @Test
    void d24RoundsToNearest() {
        DepthSurface s = surface(DepthFormat.D24_UNORM_S8_UINT);
        assertEquals(0, s.encode(0.0));
        assertEquals(0xFFFFFF, s.encode(1.0));
        assertEquals(123456, s.encode((123456 + 0.3) / 16777215.0));
        assertEquals(123457, s.encode((123456 + 0.7) / 16777215.0));
        assertNotEquals(s.encode((1000 + 0.1) / 65535.0), s.encode((1000 + 0.4) / 65535.0),
                "0.3 of a D16 step is about 77 D24 steps");
    }

    // D32_FLOAT stores the float itself; its bits order like the (non-negative) values; -0 is 0.
    @Test
    void d32StoresTheNearestFloat() {
        for (DepthFormat f : new DepthFormat[] {DepthFormat.D32_FLOAT, DepthFormat.D32_FLOAT_S8X24_UINT}) {
            DepthSurface s = surface(f);
            assertEquals(Float.floatToIntBits(0.3f), s.encode(0.3));
            assertEquals(0, s.encode(-0.0));
            assertEquals(Float.floatToIntBits(1f), s.encode(1.0));
            assertTrue(s.encode(0.25) < s.encode(0.2500001));
            assertTrue(s.encode(1e-30) > s.encode(0));
        }
    }

    // Storage holds every sample; stencil only for formats with stencil; everything starts zero-filled
    // (depth 0.0, stencil 0), as the trace format's defaults say.
    @Test
    void storageStartsZeroFilled() {
        DepthSurface s = surface(DepthFormat.D24_UNORM_S8_UINT);
        assertTrue(s.depth.length >= 4 * 2 * 2);
        assertEquals(s.depth.length, s.stencil.length);
        for (int d : s.depth) {
            assertEquals(0, d);
        }
        for (byte b : s.stencil) {
            assertEquals(0, b);
        }
        assertNull(surface(DepthFormat.D32_FLOAT).stencil);
        assertNull(surface(DepthFormat.D16_UNORM).stencil);
        assertTrue(surface(DepthFormat.D32_FLOAT_S8X24_UINT).stencil.length >= 16);
    }
}
