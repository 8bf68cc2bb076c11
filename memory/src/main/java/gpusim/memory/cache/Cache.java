package gpusim.memory.cache;

import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.MemoryPort;
import gpusim.sim.MemoryRequest;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/**
 * A set-associative cache with LRU replacement in front of a downstream {@link MemoryPort}
 * (the memory system, or another cache): itself a port, so inserting it is wiring (gem5's
 * ports). Requests are cut at line boundaries; each line part is looked up on arrival.
 *
 * <p>Timing. A hit completes {@code hitLatency} cycles after the request. A miss allocates an
 * MSHR for its line (a later miss to a line already in flight merges into that MSHR and
 * takes none), and the line's fetch goes downstream after the lookup ({@code hitLatency}
 * cycles after the request); the merged parts complete in the cycle the fill returns. When
 * no MSHR is free the whole request is refused ({@code mshr_stalls}) and the requester is
 * woken when one frees (a request needing more MSHRs than exist is admitted when all are
 * free, as {@code MemorySystem} does with its queues, so it cannot wait forever). The fill
 * is installed in the LRU way of its set; a dirty victim is written back downstream, and
 * keeps an MSHR (a write-back buffer entry) until the downstream accepts it. Write-through
 * writes go downstream one per line part, each holding an MSHR until it completes, and
 * complete when the downstream write does.
 *
 * <p>Data. The cache holds its lines' bytes, so reads return exactly what memory plus dirty
 * lines hold: a hit reads and writes the line at request time (request order is the
 * order), a miss's parts are applied to the fill in the order they arrived. Everything
 * this cache sends downstream (fills, write-backs, write-throughs) leaves through one FIFO
 * in the order it was made, and a downstream port keeps order per address (the memory
 * system's channels are FIFOs; a cache applies parts in order), so a re-fetch of an evicted
 * line sees its write-back. A write-back writes the whole line: only this cache's clients
 * write the lines it holds (no coherence with other writers, as on GPU caches without
 * snooping). Keeping the data in DeviceMemory instead, written at request time, would let a
 * write-back or write-through captured earlier land after a newer write and undo it.
 */
public final class Cache implements Component, MemoryPort, MemoryRequest.Client {
    private final String name;
    private final Engine engine;
    private final MemoryPort downstream;
    private final CacheParams p;
    private final int line;
    private final int sets;
    private final int ways;

    private final long[] tag;
    private final boolean[] valid;
    private final boolean[] dirty;
    /** Whose bytes each line holds (the client of the request that filled it), for its write-back. */
    private final gpusim.sim.MemoryClient[] owner;
    private final long[] lastUse;
    private final byte[] data;
    private long useClock;

    /** One part of a client request applied to a line: [addr, addr + len); completes at fill when {@code completes}. */
    private record Target(MemoryRequest r, long addr, int len, boolean completes) { }

    /** A line being fetched: the parts waiting on it, in arrival order. */
    private static final class Mshr {
        final long line;
        final List<Target> targets = new ArrayList<>();
        boolean dirtyOnFill;

        Mshr(long line) {
            this.line = line;
        }
    }

    /** Marks a write-through write sent downstream for one part of a client request. */
    private record WriteThrough(MemoryRequest r) { }

    private record Hit(MemoryRequest r, long doneAt) { }

    private record Out(MemoryRequest req, long readyAt, boolean writeBack) { }

    /**
     * Lines being fetched, by line number (address / line): keyed by the address, a line's low
     * zero bits would put every line of a 64 KiB window in one HashMap bucket.
     */
    private final HashMap<Long, Mshr> inFlight = new HashMap<>();
    private final ArrayDeque<Hit> hitsDue = new ArrayDeque<>();
    private final ArrayDeque<Out> out = new ArrayDeque<>();
    private final List<Component> waiting = new ArrayList<>();
    /** MSHRs in use: fills in flight, write-throughs in flight, write-backs not yet accepted downstream. */
    private int busy;
    private int outstanding;
    private long seq;

    private final StatGroup stats;
    private final Stat.Scalar hits;
    private final Stat.Scalar misses;
    private final Stat.Scalar merges;
    private final Stat.Scalar evictions;
    private final Stat.Scalar writeBacks;
    private final Stat.Scalar mshrStalls;

    public Cache(String name, Engine engine, MemoryPort downstream, CacheParams p) {
        this.name = name;
        this.engine = engine;
        this.downstream = downstream;
        this.p = p;
        this.line = p.lineBytes();
        this.sets = p.sets();
        this.ways = p.ways();
        int n = sets * ways;
        tag = new long[n];
        valid = new boolean[n];
        dirty = new boolean[n];
        owner = new gpusim.sim.MemoryClient[n];
        lastUse = new long[n];
        data = new byte[(int) p.sizeBytes()];
        stats = new StatGroup(name, "cache: " + p.sizeBytes() + " bytes, " + ways + " ways, " + line + "-byte lines, "
                + (p.writeBack() ? "write-back/write-allocate" : "write-through/no-allocate") + ", " + p.mshrs()
                + " MSHRs");
        hits = stats.scalar("hits", "parts", "line parts found in the cache on arrival");
        misses = stats.scalar("misses", "parts",
                "line parts not in the cache on arrival (those merged into a fetch in flight included)");
        merges = stats.scalar("mshr_merges", "parts", "missing line parts merged into an MSHR already fetching the line");
        evictions = stats.scalar("evictions", "lines", "valid lines replaced by a fill");
        writeBacks = stats.scalar("write_backs", "lines", "dirty victims written back downstream (a whole line each)");
        mshrStalls = stats.scalar("mshr_stalls", "requests",
                "offers refused because the request needed more MSHRs than were free (the requester stalled; "
                        + "each refused offer counts, as memory.refusals does)");
        stats.formula("hit_rate", "ratio", "hits / (hits + misses)",
                () -> (double) hits.get() / (hits.get() + misses.get()));
    }

    public CacheParams params() {
        return p;
    }

    /** MSHRs in use now. */
    public int mshrsInUse() {
        return busy;
    }

    private int setOf(long lineAddr) {
        return (int) ((lineAddr / line) & (sets - 1));
    }

    /** The way index (set * ways + way) holding {@code lineAddr}, or -1. */
    private int find(long lineAddr) {
        int base = setOf(lineAddr) * ways;
        for (int w = 0; w < ways; w++) {
            if (valid[base + w] && tag[base + w] == lineAddr) {
                return base + w;
            }
        }
        return -1;
    }

    @Override
    public int pending() {
        return outstanding;
    }

    @Override
    public boolean request(MemoryRequest r, Component requester, long now) {
        boolean write = r.kind() == MemoryRequest.Kind.WRITE;
        long end = r.address() + r.size();
        // First pass: MSHRs this request needs (distinct new lines fetched, write-through parts).
        int need = 0;
        long a = r.address();
        do {
            long l = a & -(long) line;
            if (write && !p.writeBack()) {
                need++;
            } else if (find(l) < 0 && !inFlight.containsKey(l / line)) {
                need++; // a request covers each line once, so no line is counted twice
            }
            a = l + line;
        } while (a < end);
        if (need > 0 && busy + need > p.mshrs() && !(need > p.mshrs() && busy == 0)) {
            mshrStalls.inc();
            if (!waiting.contains(requester)) {
                waiting.add(requester);
            }
            return false;
        }
        r.admitted(seq++, now);
        outstanding++;
        a = r.address();
        do {
            long l = a & -(long) line;
            int len = (int) (Math.min(l + line, end) - a);
            r.partAdded();
            part(r, l, a, len, write, now);
            a = l + line;
        } while (a < end);
        return true;
    }

    private void part(MemoryRequest r, long l, long a, int len, boolean write, long now) {
        int w = find(l);
        Mshr m = w < 0 ? inFlight.get(l / line) : null;
        if (w >= 0) {
            hits.inc();
        } else {
            misses.inc();
            if (m != null) {
                merges.inc();
            }
        }
        if (write && !p.writeBack()) {
            // Write-through, no allocate: the line (present or being fetched) takes the bytes,
            // memory gets them through a write of this part, which the part waits for.
            if (w >= 0) {
                copyIn(r, a, len, w);
                lastUse[w] = ++useClock;
            } else if (m != null) {
                m.targets.add(new Target(r, a, len, false));
            }
            byte[] bytes = new byte[len];
            System.arraycopy(r.data(), (int) (a - r.address()), bytes, 0, len);
            busy++;
            send(MemoryRequest.write(a, bytes, this, new WriteThrough(r)).from(r.from()), now + p.hitLatency(), false);
            return;
        }
        if (w >= 0) {
            if (write) {
                copyIn(r, a, len, w);
                dirty[w] = true;
            } else if (r.data() != null) {
                System.arraycopy(data, offset(w, a), r.data(), (int) (a - r.address()), len);
            }
            lastUse[w] = ++useClock;
            hitsDue.add(new Hit(r, now + p.hitLatency()));
            if (hitsDue.size() == 1) {
                engine.wakeAt(this, now + p.hitLatency());
            }
            return;
        }
        if (m == null) {
            m = new Mshr(l);
            inFlight.put(l / line, m);
            busy++;
            send(MemoryRequest.read(l, line, this, m).from(r.from()), now + p.hitLatency(), false);
        }
        m.targets.add(new Target(r, a, len, true));
        m.dirtyOnFill |= write;
    }

    private int offset(int way, long a) {
        return way * line + (int) (a & (line - 1));
    }

    private void copyIn(MemoryRequest r, long a, int len, int way) {
        System.arraycopy(r.data(), (int) (a - r.address()), data, offset(way, a), len);
    }

    private void send(MemoryRequest req, long readyAt, boolean writeBack) {
        out.add(new Out(req, readyAt, writeBack));
        if (out.size() == 1) {
            engine.wakeAt(this, readyAt);
        }
    }

    /** A downstream request of ours completed: a fill or a write-through (write-backs tell nobody). */
    @Override
    public void memoryDone(MemoryRequest req, long now) {
        if (req.tag() instanceof Mshr m) {
            fill(m, req, now);
        } else if (req.tag() instanceof WriteThrough wt) {
            free(now);
            finishPart(wt.r(), now);
        }
    }

    private void fill(Mshr m, MemoryRequest req, long now) {
        inFlight.remove(m.line / line);
        int base = setOf(m.line) * ways;
        int w = -1;
        for (int i = 0; i < ways && w < 0; i++) {
            if (!valid[base + i]) {
                w = base + i;
            }
        }
        boolean keptEntry = false;
        if (w < 0) {
            w = base;
            for (int i = 1; i < ways; i++) {
                if (lastUse[base + i] < lastUse[w]) {
                    w = base + i;
                }
            }
            evictions.inc();
            if (dirty[w]) {
                writeBacks.inc();
                byte[] victim = new byte[line];
                System.arraycopy(data, w * line, victim, 0, line);
                // The fill's MSHR becomes the write-back's buffer entry.
                keptEntry = true;
                send(MemoryRequest.write(tag[w], victim, null, null).from(owner[w]), now, true);
            }
        }
        tag[w] = m.line;
        owner[w] = req.from();
        valid[w] = true;
        dirty[w] = m.dirtyOnFill;
        lastUse[w] = ++useClock;
        System.arraycopy(req.data(), 0, data, w * line, line);
        for (Target t : m.targets) {
            if (t.r().kind() == MemoryRequest.Kind.WRITE) {
                copyIn(t.r(), t.addr(), t.len(), w);
            } else if (t.r().data() != null) {
                System.arraycopy(data, offset(w, t.addr()), t.r().data(), (int) (t.addr() - t.r().address()), t.len());
            }
        }
        if (!keptEntry) {
            free(now);
        }
        for (Target t : m.targets) {
            if (t.completes()) {
                finishPart(t.r(), now);
            }
        }
    }

    private void free(long now) {
        busy--;
        for (Component c : waiting) {
            engine.wakeAt(c, now);
        }
        waiting.clear();
    }

    private void finishPart(MemoryRequest r, long now) {
        if (r.partDone(now)) {
            outstanding--;
            if (r.client() != null) {
                r.client().memoryDone(r, now);
            }
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean tick(long now) {
        boolean progress = false;
        while (!hitsDue.isEmpty() && hitsDue.peek().doneAt() <= now) {
            MemoryRequest r = hitsDue.poll().r();
            // A poll's hit is timed like any but is no progress (MemoryRequest#poll), as in a channel.
            progress |= !r.isPoll();
            finishPart(r, now);
        }
        while (!out.isEmpty() && out.peek().readyAt() <= now) {
            Out o = out.peek();
            if (!downstream.request(o.req(), this, now)) {
                break; // the downstream wakes us when it has room
            }
            out.poll();
            progress = true;
            if (o.writeBack()) {
                free(now);
            }
        }
        long next = Engine.NEVER;
        if (!hitsDue.isEmpty()) {
            next = hitsDue.peek().doneAt();
        }
        if (!out.isEmpty() && out.peek().readyAt() > now) {
            next = Math.min(next, out.peek().readyAt());
        }
        if (next != Engine.NEVER) {
            engine.wakeAt(this, next);
        }
        return progress;
    }

    @Override
    public boolean hasPendingWork() {
        return outstanding > 0 || !out.isEmpty() || busy > 0;
    }

    @Override
    public boolean working(long now) {
        for (Hit h : hitsDue) {
            if (!h.r().isPoll()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public StatGroup stats() {
        return stats;
    }

    @Override
    public String describe() {
        return outstanding + " requests outstanding, " + busy + "/" + p.mshrs() + " MSHRs in use, " + out.size()
                + " waiting to go downstream";
    }
}
