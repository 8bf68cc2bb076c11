package gpusim.gpu.cb;

import gpusim.gpu.db.DccBlockForm;
import gpusim.gpu.db.SurfaceMemory;
import gpusim.gpu.rb.SurfaceTraffic;
import gpusim.gpu.work.QuadWave;
import gpusim.sim.MemoryClient;
import gpusim.sim.MemoryRequest;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import java.util.function.Consumer;

/**
 * A colour back end's DCC (delta colour compression, compression.color), as AMD's CB does it
 * from GFX8 on: each block of a render target (compression.color.block_bytes of colour,
 * radeonsi's MAX_UNCOMPRESSED_BLOCK_SIZE_256B) has a key in the target's DCC key array
 * ({@link SurfaceMemory#dccKeys}, one key byte a block as radeonsi's DCC clear codes are laid
 * out, si_pipe.h si_clear_code) that says how the block is stored ({@link DccBlockForm}): a
 * constant block (every sample one colour: a clear, a flat fill) as its key and a payload of
 * compression.color.constant_bytes (the minimum compressed block, MIN_BLOCK_SIZE_32B in
 * radeonsi's CB_COLOR0_DCC_CONTROL); with compression.color.partial, a block of slowly varying
 * colour in the whole minimum blocks its delta code needs, up to
 * compression.color.max_compressed_bytes (MAX_COMPRESSED_BLOCK_SIZE; GPUOpen's "Getting the most
 * out of Delta Color Compression": 64 to 192 bytes for such blocks); any other block whole.
 *
 * <p>Per wave: the CB reads the key line of each tile (one read per line: it keeps the last
 * line on chip), then, for each block the wave writes: a blending wave reads a compressed
 * block's stored bytes instead of its lines; a compressed block the wave does not cover whole
 * is decoded first (its stored bytes read: the samples the wave does not write keep their
 * colour), but for a constant block the write leaves constant; a compressed block the write
 * leaves uncompressed is expanded (every byte of it written); a block the write leaves
 * compressed writes its stored bytes; every other block writes the lines of its samples as
 * without compression. A key whose block changed form is written (one request a run of
 * consecutive keys). A clear that is not fast writes every block as a constant payload and its
 * key. The form of a block after a write comes from the functional core
 * ({@link gpusim.gpu.work.TileBatch#tileDcc}); the colour itself is never changed, only the
 * bytes moved.
 *
 * <p>With compression.fast_clear a fast-cleared tile's blocks move nothing (the clear is the
 * tile's 4-byte metadata word, {@link SurfaceTraffic#clear}; radeonsi on GFX9+ writes a DCC
 * clear code instead: the byte counts differ by that metadata only) until a write touches
 * the tile; its keys are then written.
 */
final class DeltaColorCompression {
    /**
     * A block's form before a write when its tile is fast-cleared: nothing in memory (negative,
     * so not {@link DccBlockForm#compressed}).
     */
    private static final byte CLEARED = -1;
    private static final int MAX = SurfaceMemory.MAX_DCC_BLOCKS;

    private final SurfaceTraffic traffic;
    private final boolean fastClear;
    /** The bytes of a constant block's payload, the minimum compressed block. */
    private final int payload;
    /** The key line the CB holds (the last it read), or -1. */
    private long keyLine = -1;
    /** A run of consecutive keys to write, [runStart, runEnd). */
    private long runStart = -1;
    private long runEnd = -1;

    private final Stat.Scalar avoided;
    private final Stat.Scalar added;
    private final Stat.Scalar metaRead;
    private final Stat.Scalar metaWritten;
    private final Stat.Scalar compressed;
    private final Stat.Scalar partial;
    private final Stat.Scalar uncompressed;
    private final Stat.Scalar expanded;

    DeltaColorCompression(SurfaceTraffic traffic, StatGroup stats, boolean fastClear, int constantBytes) {
        this.traffic = traffic;
        this.fastClear = fastClear;
        this.payload = constantBytes;
        avoided = stats.scalar("dcc_bytes_avoided", "bytes",
                "colour bytes not read or written because blocks were stored compressed, as a key and a payload of "
                        + "whole compression.color.constant_bytes (compression.color)");
        added = stats.scalar("dcc_bytes_added", "bytes",
                "colour bytes moved beyond an uncompressed target's: compressed blocks decoded before a partial write, "
                        + "expansions (whole block written) and payloads larger than the lines they replace "
                        + "(compression.color)");
        metaRead = stats.scalar("dcc_meta_bytes_read", "bytes", "DCC key bytes this colour back end read");
        metaWritten = stats.scalar("dcc_meta_bytes_written", "bytes", "DCC key bytes this colour back end wrote");
        compressed = stats.scalar("dcc_blocks_compressed", "blocks",
                "block writes stored compressed, constant or partially: key and payload only (compression.color)");
        partial = stats.scalar("dcc_blocks_partial", "blocks",
                "of dcc_blocks_compressed, those of varying colour stored partially compressed, in whole minimum "
                        + "blocks up to compression.color.max_compressed_bytes (compression.color.partial)");
        uncompressed = stats.scalar("dcc_blocks_uncompressed", "blocks",
                "block writes stored uncompressed (compression.color), expansions included");
        expanded = stats.scalar("dcc_blocks_expanded", "blocks",
                "compressed blocks a write left uncompressed: every byte of the block written (its payload read "
                        + "first where the write does not cover it)");
    }

    private void account(long uncompressedBytes, long movedBytes) {
        if (uncompressedBytes > movedBytes) {
            avoided.add(uncompressedBytes - movedBytes);
        } else {
            added.add(movedBytes - uncompressedBytes);
        }
    }

    /** The colour bytes tile record {@code i} of {@code q} writes in block {@code b}: the block's share of its lines. */
    private int written(QuadWave q, int i, int b) {
        SurfaceMemory s = q.rt;
        int lines = traffic.bytes(q.tileSamples[i], s.bytesPerSample, s.tileBytes);
        return Math.min(s.dccBlockBytes, Math.max(0, lines - b * s.dccBlockBytes));
    }

    private static int tileIndex(SurfaceMemory s, int at) {
        return (at >>> 16) * s.tilesX + (at & 0xFFFF);
    }

    /**
     * The wave's reads (into its slot of {@link #traffic}, {@link QuadWave#readSlot}): key
     * lines, then a blending wave's colour (payloads of constant blocks), or the payloads of
     * the constant blocks the wave expands. The blocks take their new form here, in wave order
     * ({@link #writes} uses what they were, {@link QuadWave#dccBefore}), and a fast-cleared
     * tile leaves its cleared state (the blocks the wave does not write are not constant), so
     * that the reads of a wave issued before this one writes see what it leaves.
     */
    void reads(QuadWave q, boolean blend, long now) {
        SurfaceMemory s = q.rt;
        int n = s.dccBlocksPerTile;
        int k = 0;
        if (q.dccBefore.length < q.tiles * n) {
            q.dccBefore = new byte[q.tileAt.length * n];
        }
        byte[] before = q.dccBefore;
        int slot = q.readSlot;
        for (int i = 0; i < q.tiles; i++) {
            int tile = tileIndex(s, q.tileAt[i]);
            long key = s.dccKeyAddress(tile);
            long line = key & -(long) traffic.line();
            if (line != keyLine) {
                keyLine = line;
                traffic.read(slot, key, n * s.dccKeyBytes, MemoryClient.COLOR_META, now);
                metaRead.add((long) n * s.dccKeyBytes);
            }
            boolean cleared = fastClear && s.cleared.get(tile);
            for (int b = 0; b < n; b++) {
                int bytes = written(q, i, b);
                if (bytes == 0) {
                    break; // a record writes a prefix of its tile's lines
                }
                int block = tile * n + b;
                byte form = cleared ? CLEARED : s.dccForm[block];
                before[k++] = form;
                byte after = q.tileDcc[i * MAX + b];
                long addr = s.tileAddress(tile) + (long) b * s.dccBlockBytes;
                if (blend) {
                    if (form == CLEARED) {
                        traffic.avoided(bytes);
                    } else if (DccBlockForm.compressed(form)) {
                        int stored = s.dccStoredBytes(form);
                        traffic.read(slot, addr, stored, MemoryClient.COLOR, now);
                        account(bytes, stored);
                    } else {
                        traffic.read(slot, addr, bytes, MemoryClient.COLOR, now);
                    }
                } else if (DccBlockForm.compressed(form) && bytes < s.dccBlockBytes
                        && !(form == DccBlockForm.CONSTANT && after == DccBlockForm.CONSTANT)) {
                    // The samples the wave does not write keep the block's colour: decode it first.
                    int stored = s.dccStoredBytes(form);
                    traffic.read(slot, addr, stored, MemoryClient.COLOR, now);
                    added.add(stored);
                }
                s.dccForm[block] = after;
            }
        }
        // After the wave's reads (which saw the tiles as the wave found them), a fast-cleared
        // tile leaves its cleared state with the wave's first record of it: that record writes
        // its metadata word, and the blocks it does not write are not constant.
        for (int i = 0; i < q.tiles; i++) {
            int tile = tileIndex(s, q.tileAt[i]);
            q.tileWasCleared[i] = s.cleared.get(tile);
            if (q.tileWasCleared[i]) {
                s.cleared.clear(tile);
                int b = 0;
                while (b < n && written(q, i, b) > 0) {
                    b++;
                }
                java.util.Arrays.fill(s.dccForm, tile * n + b, tile * n + n, DccBlockForm.UNCOMPRESSED);
            }
        }
    }

    /** The wave's writes, once its reads have returned: payloads, blocks, keys of blocks that changed form. */
    void writes(QuadWave q, Consumer<MemoryRequest> emit) {
        SurfaceMemory s = q.rt;
        int n = s.dccBlocksPerTile;
        int k = 0;
        byte[] before = q.dccBefore;
        for (int i = 0; i < q.tiles; i++) {
            int tile = tileIndex(s, q.tileAt[i]);
            boolean keyChanged = false;
            int b = 0;
            for (; b < n; b++) {
                int bytes = written(q, i, b);
                if (bytes == 0) {
                    break;
                }
                byte form = before[k++];
                byte after = q.tileDcc[i * MAX + b];
                long addr = s.tileAddress(tile) + (long) b * s.dccBlockBytes;
                if (DccBlockForm.compressed(after)) {
                    int stored = s.dccStoredBytes(after);
                    emit.accept(traffic.write(addr, stored, MemoryClient.COLOR));
                    compressed.inc();
                    if (after != DccBlockForm.CONSTANT) {
                        partial.inc();
                    }
                    account(bytes, stored);
                    keyChanged |= form != after;
                } else if (DccBlockForm.compressed(form)) {
                    emit.accept(traffic.write(addr, s.dccBlockBytes, MemoryClient.COLOR));
                    uncompressed.inc();
                    expanded.inc();
                    added.add(s.dccBlockBytes - bytes);
                    keyChanged = true;
                } else {
                    emit.accept(traffic.write(addr, bytes, MemoryClient.COLOR));
                    uncompressed.inc();
                    keyChanged |= form == CLEARED;
                }
            }
            if (q.tileWasCleared[i]) {
                // The tile left its fast-cleared state (reads): its metadata word is rewritten,
                // as without DCC.
                emit.accept(traffic.write(s.metaAddress(tile), SurfaceMemory.META_BYTES, MemoryClient.COLOR_META));
            }
            if (keyChanged) {
                key(s, tile, emit);
            }
        }
        flushKeys(emit);
    }

    /** A clear that is not fast, tile {@code tile}: every block written as a constant payload, and its keys. */
    void clearTile(SurfaceMemory s, int tile, Consumer<MemoryRequest> emit) {
        int n = s.dccBlocksPerTile;
        for (int b = 0; b < n; b++) {
            emit.accept(traffic.write(s.tileAddress(tile) + (long) b * s.dccBlockBytes, payload, MemoryClient.COLOR));
            compressed.inc();
            account(s.dccBlockBytes, payload);
        }
        java.util.Arrays.fill(s.dccForm, tile * n, tile * n + n, DccBlockForm.CONSTANT);
        key(s, tile, emit);
    }

    /** Tile {@code tile}'s keys join the run of keys to write (a run ends where the next key is not adjacent). */
    private void key(SurfaceMemory s, int tile, Consumer<MemoryRequest> emit) {
        long at = s.dccKeyAddress(tile);
        if (at != runEnd || (at & -(long) traffic.line()) != (runStart & -(long) traffic.line())) {
            // A run is at most one cache line of keys.
            flushKeys(emit);
            runStart = at;
            runEnd = at;
        }
        runEnd += (long) s.dccBlocksPerTile * s.dccKeyBytes;
    }

    /** Writes the run of keys gathered so far. */
    void flushKeys(Consumer<MemoryRequest> emit) {
        if (runEnd > runStart) {
            int bytes = (int) (runEnd - runStart);
            emit.accept(traffic.write(runStart, bytes, MemoryClient.COLOR_META));
            metaWritten.add(bytes);
        }
        runStart = -1;
        runEnd = -1;
    }
}
