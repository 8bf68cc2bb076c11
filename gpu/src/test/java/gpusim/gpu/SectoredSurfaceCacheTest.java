package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import gpusim.sim.Stat;
import gpusim.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Sectored colour caches (cb.cache.sector_bytes, Cache's sectors) make colour compression's
 * saving reach the memory channels. The trace is ColorCompressionTest's flat fill: a 64 x 64
 * RGBA8 target at 1x (64 tiles of one 256-byte block, 16 a colour back end), a clear and two
 * full-screen draws, every block stored as its key and a 32-byte payload. With whole 256-byte
 * lines each payload write fetches its line (write-allocate) and a dirty line is written back
 * whole; with 32-byte sectors a payload covers its sector, so it fetches nothing and only it is
 * written back. The pictures and queries do not change.
 */
class SectoredSurfaceCacheTest {
    static final String[] DCC = {"surfaces.in_memory=on", "compression.color=on"};
    static final int CBS = 4;
    static final long TILES = 64;

    static long stat(RunResult r, String path) {
        return ((Stat.Scalar) r.stats().find(path)).get();
    }

    static long caches(RunResult r, String stat) {
        long n = 0;
        for (int c = 0; c < CBS; c++) {
            n += stat(r, "cb" + c + "_cache." + stat);
        }
        return n;
    }

    static RunResult run(Trace t, String... extra) {
        String[] cfg = java.util.Arrays.copyOf(DCC, DCC.length + extra.length);
        System.arraycopy(extra, 0, cfg, DCC.length, extra.length);
        return TraceBuilder.run(t, cfg);
    }

    // The default 32 KiB colour caches hold every line, so nothing is written back. Without
    // sectors the colour caches fetch 72 lines of 256 bytes: each tile's data line (64, for the
    // clear's payload writes) and, per back end, its line of colour metadata words and its line
    // of DCC keys (8). With 32-byte sectors the payloads fetch nothing (64 sector fills avoided)
    // and the metadata and key writes, which cover only parts of sectors, fetch 3 sectors a back
    // end: the metadata words' sector and both sectors of the 64 keys (each back end's 16 tiles
    // have keys in both): 12 x 32 = 384 bytes, 18,048 saved. The channels read exactly that,
    // beyond the 256 bytes the run reads without surfaces in memory.
    @Test
    void thirtyTwoByteSectorsStopThePayloadWritesFetchingTheirLines() {
        Trace t = ColorCompressionTest.fill(1, false, false);
        long base = stat(TraceBuilder.run(t), "memory.bytes_read");
        assertEquals(256, base);
        RunResult lines = run(t);
        RunResult sectors = run(t, "cb.cache.sector_bytes=32");
        ColorCompressionTest.samePicture(lines, sectors);
        assertEquals(72 * 256, stat(lines, "memory.bytes_read") - base);
        assertEquals(72, caches(lines, "misses") - caches(lines, "mshr_merges"));
        assertNull(lines.stats().find("cb0_cache.fill_bytes"), "no sector statistics without sectors");
        assertEquals(List.of(384L, 64L, 0L, 18_048L, 0L), List.of(caches(sectors, "fill_bytes"),
                caches(sectors, "sector_fills_avoided"), caches(sectors, "sector_misses"),
                caches(sectors, "bytes_saved"), caches(sectors, "write_backs")));
        assertEquals(384, stat(sectors, "memory.bytes_read") - base);
        assertEquals(0, stat(sectors, "memory.bytes_written"));
        // The colour back ends moved the same bytes to their caches either way (DCC's 4.1x already).
        assertEquals(stat(lines, "cb0.color_bytes_written"), stat(sectors, "cb0.color_bytes_written"));
        // A sector as large as the line is no sector: the same cycles and bytes as without.
        RunResult whole = run(t, "cb.cache.sector_bytes=256");
        assertEquals(lines.cycles(), whole.cycles());
        assertEquals(stat(lines, "memory.bytes_read"), stat(whole, "memory.bytes_read"));
    }

    // Colour caches of 1 KiB (four lines) evict between the clear and each draw. Without sectors
    // the channels read 149 lines and write back 129 whole ones (33,024 bytes). With sectors the
    // payloads never fetch (3 x 64 sector fills avoided: the clear's and both draws'), the reads
    // stay the 12 metadata and key sectors, and every one of the 184 write-backs is partial: 176
    // payload lines with their one dirty sector (192 payload writes less the 16 lines still in the
    // caches at the end: they are not flushed), and per back end its metadata-word line (one
    // sector) and its key line (both key sectors): 176 + 4 + 8 = 188 sectors, 6,016 bytes,
    // exactly what the channels write. The run is 202 cycles shorter.
    @Test
    void aSmallColourCacheWritesBackOnlyThePayloadSectors() {
        Trace t = ColorCompressionTest.fill(1, false, false);
        long base = stat(TraceBuilder.run(t), "memory.bytes_read");
        RunResult lines = run(t, "cb.cache.size=1024");
        RunResult sectors = run(t, "cb.cache.size=1024", "cb.cache.sector_bytes=32");
        ColorCompressionTest.samePicture(lines, sectors);
        assertEquals(List.of(149L * 256, 129L * 256), List.of(stat(lines, "memory.bytes_read") - base,
                stat(lines, "memory.bytes_written")));
        assertEquals(List.of(384L, 192L, 184L, 184L, 6016L), List.of(caches(sectors, "fill_bytes"),
                caches(sectors, "sector_fills_avoided"), caches(sectors, "write_backs"),
                caches(sectors, "partial_write_backs"), caches(sectors, "write_back_bytes")));
        assertEquals(List.of(384L, 6016L), List.of(stat(sectors, "memory.bytes_read") - base,
                stat(sectors, "memory.bytes_written")));
        assertEquals(List.of(853L, 651L), List.of(lines.cycles(), sectors.cycles()));
    }
}
