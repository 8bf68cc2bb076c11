package gpusim.gpu.cb;

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
 * out, si_pipe.h si_clear_code) that says how the block is stored. The model knows two stored
 * forms: a constant block (every sample one colour: a clear, a flat fill), stored as its key
 * and a payload of compression.color.constant_bytes (the minimum compressed block,
 * MIN_BLOCK_SIZE_32B in radeonsi's CB_COLOR0_DCC_CONTROL), and an uncompressed one, stored
 * whole. Real DCC also stores blocks of slowly varying colour in 64 to 192 bytes (the GPUOpen
 * "Getting the most out of Delta Color Compression" page); that is not modelled: only
 * constant blocks save bytes.
 *
 * <p>Per wave: the CB reads the key line of each tile (one read per line: it keeps the last
 * line on chip), then, for each block the wave writes: a blending wave reads a constant block's
 * payload instead of its lines; a constant block that the write leaves not constant and does
 * not cover whole is expanded (its payload read, every byte of it written: the samples the
 * wave does not write hold the constant); a block the write leaves constant writes its
 * payload; every other block writes the lines of its samples as without compression. A key
 * whose block changed form is written (one request a run of consecutive keys). A clear that is
 * not fast writes every block as a payload and its key. Whether a block is constant after a
 * write comes from the functional core ({@link gpusim.gpu.work.TileBatch#tileConst}); the
 * colour itself is never changed, only the bytes moved.
 *
 * <p>With compression.fast_clear a fast-cleared tile's blocks move nothing (the clear is the
 * tile's 4-byte metadata word, {@link SurfaceTraffic#clear}; radeonsi on GFX9+ writes a DCC
 * clear code instead: the byte counts differ by that metadata only) until a write touches
 * the tile; its keys are then written.
 */
final class DeltaColorCompression {
    private static final byte UNCOMPRESSED = 0;
    private static final byte CONSTANT = 1;
    private static final byte CLEARED = 2;

    private final SurfaceTraffic traffic;
    private final boolean fastClear;
    private final int payload;
    /** The blocks' forms before the wave being worked on, in the order its reads met them. */
    private byte[] before = new byte[64];
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
    private final Stat.Scalar uncompressed;
    private final Stat.Scalar expanded;

    DeltaColorCompression(SurfaceTraffic traffic, StatGroup stats, boolean fastClear, int constantBytes) {
        this.traffic = traffic;
        this.fastClear = fastClear;
        this.payload = constantBytes;
        avoided = stats.scalar("dcc_bytes_avoided", "bytes",
                "colour bytes not read or written because blocks were stored constant, as a key and a "
                        + "compression.color.constant_bytes payload (compression.color)");
        added = stats.scalar("dcc_bytes_added", "bytes",
                "colour bytes moved beyond an uncompressed target's: expansions of constant blocks (payload read, "
                        + "whole block written) and payloads larger than the lines they replace (compression.color)");
        metaRead = stats.scalar("dcc_meta_bytes_read", "bytes", "DCC key bytes this colour back end read");
        metaWritten = stats.scalar("dcc_meta_bytes_written", "bytes", "DCC key bytes this colour back end wrote");
        compressed = stats.scalar("dcc_blocks_compressed", "blocks",
                "block writes stored constant: key and payload only (compression.color)");
        uncompressed = stats.scalar("dcc_blocks_uncompressed", "blocks",
                "block writes stored uncompressed (compression.color), expansions included");
        expanded = stats.scalar("dcc_blocks_expanded", "blocks",
                "constant blocks a write left not constant: payload read, every byte of the block written");
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
     * The wave's reads (into slot 0 of {@link #traffic}): key lines, then a blending wave's
     * colour (payloads of constant blocks), or the payloads of the constant blocks the wave
     * expands. The blocks take their new form here, in wave order ({@link #writes} uses what
     * they were).
     */
    void reads(QuadWave q, boolean blend, long now) {
        SurfaceMemory s = q.rt;
        int n = s.dccBlocksPerTile;
        int k = 0;
        if (before.length < q.tiles * n) {
            before = new byte[q.tiles * n];
        }
        for (int i = 0; i < q.tiles; i++) {
            int tile = tileIndex(s, q.tileAt[i]);
            long key = s.dccKeyAddress(tile);
            long line = key & -(long) traffic.line();
            if (line != keyLine) {
                keyLine = line;
                traffic.read(0, key, n * s.dccKeyBytes, MemoryClient.COLOR_META, now);
                metaRead.add((long) n * s.dccKeyBytes);
            }
            boolean cleared = fastClear && s.cleared.get(tile);
            for (int b = 0; b < n; b++) {
                int bytes = written(q, i, b);
                if (bytes == 0) {
                    break; // a record writes a prefix of its tile's lines
                }
                int block = tile * n + b;
                byte form = cleared ? CLEARED : s.dccConstant.get(block) ? CONSTANT : UNCOMPRESSED;
                before[k++] = form;
                boolean constAfter = (q.tileConst[i] >>> b & 1) != 0;
                long addr = s.tileAddress(tile) + (long) b * s.dccBlockBytes;
                if (blend) {
                    if (form == CLEARED) {
                        traffic.avoided(bytes);
                    } else if (form == CONSTANT) {
                        traffic.read(0, addr, payload, MemoryClient.COLOR, now);
                        account(bytes, payload);
                    } else {
                        traffic.read(0, addr, bytes, MemoryClient.COLOR, now);
                    }
                } else if (form == CONSTANT && !constAfter && bytes < s.dccBlockBytes) {
                    // The samples the wave does not write hold the block's constant: read it first.
                    traffic.read(0, addr, payload, MemoryClient.COLOR, now);
                    added.add(payload);
                }
                s.dccConstant.set(block, constAfter);
            }
        }
    }

    /** The wave's writes, once its reads have returned: payloads, blocks, keys of blocks that changed form. */
    void writes(QuadWave q, Consumer<MemoryRequest> emit) {
        SurfaceMemory s = q.rt;
        int n = s.dccBlocksPerTile;
        int k = 0;
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
                long addr = s.tileAddress(tile) + (long) b * s.dccBlockBytes;
                if ((q.tileConst[i] >>> b & 1) != 0) {
                    emit.accept(traffic.write(addr, payload, MemoryClient.COLOR));
                    compressed.inc();
                    account(bytes, payload);
                    keyChanged |= form != CONSTANT;
                } else if (form == CONSTANT) {
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
            if (s.cleared.get(tile)) {
                // The tile leaves its fast-cleared state: its metadata word is rewritten (as
                // without DCC) and the blocks this record did not write are not constant.
                s.cleared.clear(tile);
                s.dccConstant.clear(tile * n + b, tile * n + n);
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
        s.dccConstant.set(tile * n, tile * n + n);
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
