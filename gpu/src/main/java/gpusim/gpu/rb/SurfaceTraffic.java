package gpusim.gpu.rb;

import gpusim.sim.Component;
import gpusim.sim.MemoryClient;
import gpusim.sim.MemoryPort;
import gpusim.sim.MemoryRequest;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import gpusim.gpu.db.SurfaceLayout;
import gpusim.gpu.db.SurfaceMemory;
import gpusim.gpu.raster.TileMap;
import java.util.ArrayDeque;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * One render-back-end unit's surface traffic (surfaces.in_memory): the reads it issues ahead
 * of the work that needs them and the writes it makes, at tile and line granularity, to its
 * own cache ({@code port}), and what they moved. Reads are grouped in slots (a DB: one a tile
 * record; a colour back end: one a wave), a ring of {@code window} of them; the unit asks
 * whether a slot's reads have all completed before it works on it, and is told (the
 * {@code landed} callback) when one does, so it waits without polling. A read the cache
 * refuses (MSHRs full) waits in order here and is offered again by {@link #pump}; the cache
 * wakes the unit when it has room.
 *
 * <p>Requests are timed only: reads are {@link MemoryRequest#fetch}es (the values are in the
 * surface's Java arrays) and writes are {@link MemoryRequest#timedWrite}s (nothing reads a
 * surface's device bytes back), so the unit's caches hold no bytes ({@code CacheParams#withoutBytes}).
 * One request per tile and surface; the cache cuts it into lines. A partly covered tile moves
 * the lines its samples fill ({@link #bytes}): a tile's samples are contiguous (SurfaceLayout).
 */
public final class SurfaceTraffic implements MemoryRequest.Client {
    /** A slot's reads not yet complete. */
    private static final class Slot {
        int pending;
    }

    private final MemoryPort port;
    private final Component owner;
    private final int line;
    private final Slot[] slots;
    private final ArrayDeque<MemoryRequest> refused = new ArrayDeque<>();
    private final LongConsumer landed;
    private final LongConsumer idle;

    private final Stat.Scalar[] read = new Stat.Scalar[MemoryClient.values().length];
    private final Stat.Scalar[] written = new Stat.Scalar[MemoryClient.values().length];
    private final Stat.Scalar requests;
    private final Stat.Scalar readWaits;
    private final Stat.Scalar avoided;
    private final Stat.Scalar clearedTiles;
    private final Stat.Scalar planeTiles;
    private final Stat.Scalar planeAvoided;

    /**
     * @param clients the kinds of surface bytes this unit moves, for its statistics
     * @param landed  told (with the cycle) when a read completes
     * @param idle    told when the cache has completed every request (the drain monitor looks again)
     */
    public SurfaceTraffic(MemoryPort port, Component owner, int lineBytes, int window, StatGroup stats,
                          LongConsumer landed, LongConsumer idle, MemoryClient... clients) {
        this.port = port;
        this.idle = idle;
        this.owner = owner;
        this.line = lineBytes;
        this.landed = landed;
        this.slots = new Slot[window];
        for (int i = 0; i < window; i++) {
            slots[i] = new Slot();
        }
        for (MemoryClient c : clients) {
            read[c.ordinal()] = stats.scalar(c.statName() + "_bytes_read", "bytes",
                    c.statName() + " bytes this unit read from its cache (surfaces.in_memory)");
            written[c.ordinal()] = stats.scalar(c.statName() + "_bytes_written", "bytes",
                    c.statName() + " bytes this unit wrote to its cache");
        }
        requests = stats.scalar("surface_requests", "requests", "surface reads and writes this unit issued to its cache");
        readWaits = stats.scalar("surface_read_waits", "waits",
                "times the unit could not start work because its surface reads had not all returned");
        avoided = stats.scalar("fast_clear_bytes_avoided", "bytes",
                "surface data bytes not read or written because a fast clear left only metadata (compression.fast_clear)");
        clearedTiles = stats.scalar("fast_cleared_tiles", "tiles",
                "tiles a clear left as metadata only (compression.fast_clear)");
        boolean depth = java.util.Arrays.asList(clients).contains(MemoryClient.DEPTH);
        planeTiles = depth ? stats.scalar("depth_plane_tiles", "tiles",
                "tile writes stored as one triangle's depth plane (compression.depth_planes)") : null;
        planeAvoided = depth ? stats.scalar("depth_plane_bytes_avoided", "bytes",
                "depth bytes not read or written because tiles were stored as planes (compression.depth_planes)") : null;
    }

    /** Slots in the ring: how far ahead reads may be issued. */
    public int window() {
        return slots.length;
    }

    /** The bytes that hold a tile's first {@code samples} samples of {@code bytesPerSample}: whole lines, at most the tile. */
    public int bytes(int samples, int bytesPerSample, int tileBytes) {
        long b = (long) samples * bytesPerSample;
        long lines = (b + line - 1) / line * line;
        return (int) Math.min(tileBytes, lines);
    }

    /** Issues (or queues, if the cache is full) a read of {@code bytes} at {@code addr} for slot {@code slot}. */
    public void read(int slot, long addr, int bytes, MemoryClient client, long now) {
        Slot s = slots[slot % slots.length];
        s.pending++;
        requests.inc();
        read[client.ordinal()].add(bytes);
        MemoryRequest r = MemoryRequest.fetch(addr, bytes, this, s).from(client);
        if (!refused.isEmpty() || !port.request(r, owner, now)) {
            refused.add(r);
        }
    }

    /** Offers the refused reads again, in order. */
    public void pump(long now) {
        while (!refused.isEmpty() && port.request(refused.peek(), owner, now)) {
            refused.poll();
        }
    }

    /** Whether every read of slot {@code slot} has completed; counts a wait when not. */
    public boolean ready(int slot) {
        return slots[slot % slots.length].pending == 0;
    }

    /** Counts one start the unit put off for its reads. */
    public void waited() {
        readWaits.inc();
    }

    /**
     * A timed write of {@code bytes} at {@code addr} (no bytes: {@link MemoryRequest#timedWrite}),
     * counted; the unit emits it to {@link #port}.
     */
    public MemoryRequest write(long addr, int bytes, MemoryClient client) {
        requests.inc();
        written[client.ordinal()].add(bytes);
        return MemoryRequest.timedWrite(addr, bytes, this, null).from(client);
    }

    /** Counts a tile write stored as a plane, and the depth bytes it (and later, its reads) saved. */
    public void plane(boolean written, long bytesSaved) {
        if (written) {
            planeTiles.inc();
        }
        planeAvoided.add(bytesSaved);
    }

    /** Counts data bytes a fast clear saved moving. */
    public void avoided(long bytes) {
        avoided.add(bytes);
    }

    /** Writes one tile's data for a clear that is not fast ({@link #clear}). */
    public interface TileData {
        void write(int tile);
    }

    /**
     * A clear's traffic for unit {@code unit}'s tiles of surface {@code s}: with {@code fast}
     * (compression.fast_clear) only their metadata words, the tiles marked cleared and
     * {@code dataBytes} a tile counted as avoided; else {@code data} writes each tile's data,
     * then the metadata. One metadata write per metadata line (a unit's tiles of a line are
     * written together); requests go to {@code emit}.
     */
    public void clear(SurfaceMemory s, SurfaceLayout l, TileMap tiles, int unit, boolean fast, int dataBytes,
                      TileData data, MemoryClient metaClient, Consumer<MemoryRequest> emit) {
        long lastMeta = -1;
        long cleared = 0;
        for (int ty = 0; ty < l.tilesY; ty++) {
            for (int tx = tiles.firstOwned(unit, 0, ty); tx < l.tilesX; tx = tiles.nextOwned(unit, tx, ty)) {
                int tile = ty * s.tilesX + tx;
                s.planes.clear(tile); // the tile holds the clear value now, not a plane
                if (fast) {
                    s.cleared.set(tile);
                    cleared++;
                    avoided.add(dataBytes);
                } else {
                    data.write(tile);
                }
                long meta = s.metaAddress(tile);
                if ((meta & -(long) line) != lastMeta) {
                    lastMeta = meta & -(long) line;
                    emit.accept(write(meta, SurfaceMemory.META_BYTES, metaClient));
                }
            }
        }
        clearedTiles.add(cleared);
    }

    /** The cache the unit's requests go to. */
    public MemoryPort port() {
        return port;
    }

    /** The cache's line size (bytes). */
    public int line() {
        return line;
    }

    @Override
    public void memoryDone(MemoryRequest request, long now) {
        if (request.tag() instanceof Slot s) {
            s.pending--;
            landed.accept(now);
        }
        if (port.pending() == 0) {
            idle.accept(now);
        }
    }
}
