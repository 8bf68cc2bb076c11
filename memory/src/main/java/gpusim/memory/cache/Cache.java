package gpusim.memory.cache;

import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.MemoryPort;
import gpusim.sim.MemoryRequest;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;

/**
 * A set-associative cache with LRU replacement in front of a downstream {@link MemoryPort}
 * (the memory system, or another cache): itself a port, so inserting it is wiring (gem5's
 * ports). Requests are cut at line boundaries; each line part is looked up on arrival.
 *
 * <p>This class is the lookup algorithm and the wiring; its parts each do one job (as Akita's
 * write-back cache is split into stages, {@code mem/cache/writeback/}): the {@link TagArray}
 * with its {@link ReplacementPolicy} ({@link LruPolicy}), the {@link MshrFile} of {@link Mshr}s,
 * the {@link LineValidity} (whole lines, sectors or byte masks), the {@link HitPipeline} and the
 * {@link WriteBuffer}. docs/memory.md, "The cache's parts", has the table.
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
 *
 * <p>Sectors ({@link CacheParams#sectored}). A line may be cut into sectors of
 * {@code sectorBytes}: one tag a line, a valid and a dirty bit a sector, as NVIDIA's L1 and L2
 * are built (Nsight Compute's profiling guide: a sector is an aligned 32-byte chunk, a line
 * four of them; an access whose tag is present but whose sector is not is a miss; Jia et al.,
 * "Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking", 2018, measure the
 * 32-byte fetch granularity) and as AMD's RDNA caches move 64-byte requests within 128-byte
 * lines (the RDNA whitepaper). Then a part needs the old bytes only of the sectors it reads or
 * writes partly: a write that covers whole sectors neither fetches them nor, when the line is
 * absent, fetches anything (the line is allocated at the lookup, its victim written back; the
 * write completes as a hit, and counts as a miss with {@code sector_fills_avoided}); a fetch
 * asks only for the missing sectors a part needs, one downstream read a run of adjacent ones;
 * and a dirty victim writes back only its dirty sectors, one write a run. A part that finds
 * the tag but not a sector it needs ({@code sector_misses}) takes an MSHR as a miss would and
 * takes the line with it: the line's bytes and sector bits move into the MSHR and its way is
 * freed, so that, as without sectors, a line being fetched is never resident (every part to it
 * merges into the MSHR and is applied at the fill in arrival order, and no eviction can drop
 * bytes an MSHR relies on). A part merging into an MSHR that needs sectors it is not fetching
 * adds a fetch of them to it; the MSHR's parts complete when its last fetch returns. The fill
 * is installed like any (the way freed may have been taken meanwhile: then the LRU way goes).
 * With no sectors a line is one sector: a part always needs the whole line and this is the
 * unsectored cache exactly.
 *
 * <p>Byte masks ({@link CacheParams#masksBytes}, write-back caches only). Each way also keeps a
 * valid and a dirty bit a byte, as GFX9+ L2s keep dirty byte masks so that a partial write
 * needs no fetch. A write never fetches: on an absent line it is allocated at the lookup (its
 * victim written back), on a resident one it is written in place, and into a line being
 * fetched it is added to the MSHR's parts (applied at the fill in arrival order, so a read
 * merged before it still sees the old bytes); in every case it completes as a hit does. It takes
 * no MSHR but for a dirty victim's write-back (a write spanning lines counts one a line, as a
 * fetch would, since one line may be another's victim). A
 * write part is a miss when its line is absent or being fetched, or a sector it touches holds
 * no valid byte; a miss that writes part of a sector ({@code fetches_avoided_by_byte_masks})
 * is one that would have fetched without the masks. A read hits when every byte it reads is
 * valid; otherwise it misses as above (a resident line moves into the MSHR with its bytes and
 * masks) and fetches the sectors holding the bytes it lacks; the fill is merged under the bytes
 * the line already held (they are this cache's newest, dirty or clean), then the parts are
 * applied in order. A dirty victim writes back only its dirty bytes, one write a contiguous
 * run. Sector bits are then not used: validity is the byte's, the sector is what is fetched.
 */
public final class Cache implements Component, MemoryPort, MemoryRequest.Client {
    private final String name;
    private final Engine engine;
    private final MemoryPort downstream;
    private final CacheParams p;
    private final int line;
    /** log2 of the line (a power of two): a shift, not a division, on every part. */
    private final int lineShift;
    private final int sets;
    private final int ways;
    /** The line's sectors (the line itself when unsectored): the unit of validity, fetches and write-backs. */
    private final LineSectors sectors;
    private final int sector;
    private final boolean sectored;

    /** The tags, with LRU replacement. */
    private final TagArray tags;
    /** What of each line is valid and dirty: whole lines, sectors or bytes. */
    private final LineValidity validity;
    /** The lines' bytes; null for a timing-only cache ({@link CacheParams#withoutBytes}). */
    private final byte[] data;
    private final boolean timingOnly;
    /** Byte masks on (CacheParams#masksBytes). */
    private final boolean masked;

    /**
     * Free fill-read buffers by size in sectors, reused: every fetch allocated one, the largest
     * part of a run's allocation. The downstream writes a read's bytes before it tells us the
     * read is done (a channel when it serves the part, the L2's front door when it admits the
     * request, an L2 slice at its hit or fill), {@link #memoryDone} copies them into the MSHR,
     * and nothing reads the request's array after: it is free again then.
     */
    private final byte[][][] freeBufs;
    private final int[] freeBufCount;

    /** Marks a write-through write sent downstream for one part of a client request. */
    private record WriteThrough(MemoryRequest r) { }


    /** The MSHRs (and write-back buffer entries) and the lines being fetched. */
    private final MshrFile mshrs;
    /** Parts completing after the hit latency. */
    private final HitPipeline hitsDue;
    /** Fills, write-backs and write-throughs going downstream, in order. */
    private final WriteBuffer out = new WriteBuffer();
    /** Wakes this component by its engine index (no lookup a wake). */
    private final gpusim.sim.Waker self;
    private int outstanding;
    private long seq;

    private final StatGroup stats;
    private final Stat.Scalar hits;
    private final Stat.Scalar misses;
    private final Stat.Scalar merges;
    private final Stat.Scalar evictions;
    private final Stat.Scalar writeBacks;
    private final Stat.Scalar mshrStalls;
    private final Stat.Scalar sectorMisses;
    private final Stat.Scalar fillsAvoided;
    private final Stat.Scalar partialWriteBacks;
    private final Stat.Scalar fillBytes;
    private final Stat.Scalar writeBackBytes;
    private final Stat.Scalar bytesSaved;
    private final Stat.Scalar fetchesAvoided;

    public Cache(String name, Engine engine, MemoryPort downstream, CacheParams p) {
        this(name, engine, downstream, p, null);
    }

    /**
     * A cache that is one slice of an interleaved level ({@code slice}: the level's channels and
     * granule), taking its set index from the slice's own addresses ({@link Interleave}); null:
     * a cache that sees the whole address space.
     */
    public Cache(String name, Engine engine, MemoryPort downstream, CacheParams p, Interleave slice) {
        this.name = name;
        this.engine = engine;
        this.self = new gpusim.sim.Waker(engine, this);
        this.downstream = downstream;
        this.p = p;
        this.line = p.lineBytes();
        this.sets = p.sets();
        this.ways = p.ways();
        this.sector = p.sectorOrLine();
        this.lineShift = Integer.numberOfTrailingZeros(line);
        this.sectored = p.sectored();
        int perLine = line / sector;
        this.sectors = new LineSectors(line, sector, sectored);
        freeBufs = new byte[perLine + 1][4][];
        freeBufCount = new int[perLine + 1];
        int n = sets * ways;
        tags = new TagArray(sets, ways, line, ReplacementPolicy.named(p.replacement()), slice);
        timingOnly = p.timingOnly();
        data = timingOnly ? null : new byte[(int) p.sizeBytes()];
        masked = p.masksBytes();
        int words = 0;
        if (masked) {
            ByteMaskValidity v = new ByteMaskValidity(sectors, n);
            words = v.words();
            validity = v;
        } else if (sectored) {
            validity = new SectorValidity(sectors, n);
        } else {
            validity = new WholeLineValidity(sectors, n);
        }
        // A timing-only cache keeps no bytes, in its ways or its MSHRs (nothing to clear at each reuse).
        hitsDue = new HitPipeline(p.hitLatency());
        mshrs = new MshrFile(engine, p.mshrs(), line, timingOnly ? 0 : line, words);
        stats = new StatGroup(name, "cache: " + p.sizeBytes() + " bytes, " + ways + " ways, " + line + "-byte lines, "
                + (sectored ? sector + "-byte sectors, " : "") + (masked ? "byte masks, " : "")
                + (p.writeBack() ? "write-back/write-allocate" : "write-through/no-allocate") + ", " + p.mshrs()
                + " MSHRs");
        hits = stats.scalar("hits", "parts", "line parts found in the cache on arrival"
                + (sectored ? " (the tag and every sector the part needs)" : ""));
        misses = stats.scalar("misses", "parts",
                "line parts not in the cache on arrival (those merged into a fetch in flight included)");
        merges = stats.scalar("mshr_merges", "parts", "missing line parts merged into an MSHR already fetching the line");
        evictions = stats.scalar("evictions", "lines", "valid lines replaced by a fill");
        writeBacks = stats.scalar("write_backs", "lines", sectored
                ? "dirty victims written back downstream (their dirty sectors)"
                : "dirty victims written back downstream (a whole line each)");
        mshrStalls = stats.scalar("mshr_stalls", "requests",
                "offers refused because the request needed more MSHRs than were free (the requester stalled; "
                        + "each refused offer counts, as memory.refusals does)");
        stats.formula("hit_rate", "ratio", "hits / (hits + misses)",
                () -> (double) hits.get() / (hits.get() + misses.get()));
        // An unsectored cache without byte masks reports what it did before sectors existed: its sector
        // counters go to a group nobody reads, so that its statistics (and every report) are unchanged.
        StatGroup sg = sectored || masked ? stats : new StatGroup(name + "_unsectored", "not reported");
        sectorMisses = sg.scalar("sector_misses", "parts", masked
                ? "read misses whose line was present but not every byte the part reads (the line moves into the MSHR)"
                : "misses whose line was present but not every sector the part needs (the line moves into the MSHR)");
        fillsAvoided = sg.scalar("sector_fills_avoided", "sectors",
                "sectors a write covered whole, so made valid without fetching them (a write-allocate cache "
                        + "without sectors fetches them)");
        partialWriteBacks = sg.scalar("partial_write_backs", "lines", masked
                ? "write-backs of a victim with clean bytes, which wrote only its dirty ones"
                : "write-backs of a victim with clean sectors, which wrote only its dirty ones");
        fillBytes = sg.scalar("fill_bytes", "bytes", "bytes fetched downstream (missing sectors)");
        writeBackBytes = sg.scalar("write_back_bytes", "bytes", masked
                ? "bytes written back downstream (dirty bytes)" : "bytes written back downstream (dirty sectors)");
        bytesSaved = sg.scalar("bytes_saved", "bytes",
                "bytes not moved against whole lines on the same events: a line allocated on a tag miss would "
                        + "fetch the whole line, a write-back would write it whole, a sector miss would hit "
                        + "(so (tag-miss allocations + write_backs) x line - fill_bytes - write_back_bytes)");
        fetchesAvoided = (masked ? stats : new StatGroup(name + "_unmasked", "not reported")).scalar(
                "fetches_avoided_by_byte_masks", "parts",
                "write misses that wrote part of a sector (or line) without fetching it, its bytes kept valid and "
                        + "dirty by the byte masks (without them write-allocate fetches it first)");
    }

    public CacheParams params() {
        return p;
    }

    /** MSHRs in use now. */
    public int mshrsInUse() {
        return mshrs.inUse();
    }

    @Override
    public int pending() {
        return outstanding;
    }

    @Override
    public boolean request(MemoryRequest r, Component requester, long now) {
        if (timingOnly && r.data() != null) {
            throw new IllegalArgumentException(name + " holds no bytes: it takes fetches and timed writes only");
        }
        boolean write = r.kind() == MemoryRequest.Kind.WRITE;
        long end = r.address() + r.size();
        long a = r.address();
        boolean through = write && !p.writeBack();
        int lines = (int) (((end - 1) >>> lineShift) - (a >>> lineShift)) + 1;
        // The first pass's lookups serve the parts (one lookup a line, not two) when no part can change
        // another's: at most LOOKS lines, each in a set of its own (a part changes only its own set's tags
        // and its own line's MSHR).
        boolean reuse = !through && lines <= LOOKS && tags.distinctSets(a & -(long) line, lines);
        // First pass: MSHRs this request needs (distinct lines fetched or allocated, write-through parts).
        int need = 0;
        boolean oneLine = lines == 1;
        int k = 0;
        do {
            long l = a & -(long) line;
            if (through) {
                need++;
            } else {
                // A resident line is never being fetched (a sector miss takes it out of its way), so the
                // MSHRs are asked only about an absent one; a line being fetched takes no new entry.
                int w = tags.find(l);
                long missing = 0;
                Mshr m = null;
                if (w >= 0) {
                    int from = (int) (a - l);
                    int len = (int) (Math.min(l + line, end) - a);
                    missing = validity.missing(w, from, from + len, sectors.needed(l, a, len, write), write);
                    if (missing != 0) {
                        need++; // a read missing bytes of a resident line, or a sector miss
                    }
                } else if ((m = mshrs.of(l)) == null) {
                    // A fetch, or (a write covering its sectors) an allocation whose victim may need a write-back
                    // buffer entry. A request covers each line once, so no line is counted twice. With byte masks
                    // a one-line write knows its victim now, and takes an entry only when that is dirty (with
                    // more lines, one may be the victim of another's set: counted as if dirty).
                    if (!(validity.writesWithoutFetch() && write && oneLine && !dirtyVictim(l))) {
                        need++;
                    }
                }
                if (reuse) {
                    lookWay[k] = w;
                    lookMshr[k] = m;
                    lookMissing[k] = missing;
                }
            }
            k++;
            a = l + line;
        } while (a < end);
        if (mshrs.refuses(need)) {
            mshrStalls.inc();
            mshrs.refuse(requester);
            if (reuse) {
                java.util.Arrays.fill(lookMshr, 0, lines, null);
            }
            return false;
        }
        r.admitted(seq++, now);
        outstanding++;
        a = r.address();
        k = 0;
        do {
            long l = a & -(long) line;
            int len = (int) (Math.min(l + line, end) - a);
            r.partAdded();
            if (reuse) {
                Mshr m = lookMshr[k];
                lookMshr[k] = null;
                long touched = sectors.touched(l, a, len);
                long covered = write ? sectors.covered(l, a, len) : 0;
                looked(r, l, a, len, write, now, lookWay[k], m, lookMissing[k], touched, covered, touched & ~covered);
            } else {
                part(r, l, a, len, write, now);
            }
            k++;
            a = l + line;
        } while (a < end);
        return true;
    }

    /** The most lines of a request whose first-pass lookups serve its parts (a DB or CB line of 256 bytes is two L2 lines). */
    private static final int LOOKS = 4;
    /** A request's lookups, line by line (see {@link #request}): the way, the MSHR fetching it, the sectors it lacks. */
    private final int[] lookWay = new int[LOOKS];
    private final Mshr[] lookMshr = new Mshr[LOOKS];
    private final long[] lookMissing = new long[LOOKS];

    private void part(MemoryRequest r, long l, long a, int len, boolean write, long now) {
        int w = tags.find(l);
        Mshr m = w < 0 ? mshrs.of(l) : null;
        if (write && !p.writeBack()) {
            writeThrough(r, l, a, len, now, w, m);
            return;
        }
        long touched = sectors.touched(l, a, len);
        long covered = write ? sectors.covered(l, a, len) : 0;
        long needed = touched & ~covered;
        int from = (int) (a - l);
        looked(r, l, a, len, write, now, w, m, w >= 0 ? validity.missing(w, from, from + len, needed, write) : 0,
                touched, covered, needed);
    }

    /** A write-through part (no allocate), its line in way {@code w} or being fetched by {@code m}, or neither. */
    private void writeThrough(MemoryRequest r, long l, long a, int len, long now, int w, Mshr m) {
        // Write-through, no allocate: the line (present or being fetched) takes the bytes,
        // memory gets them through a write of this part, which the part waits for.
        if (w >= 0) {
            hits.inc();
            copyIn(r, a, len, w);
            tags.touch(w);
        } else {
            misses.inc();
            if (m != null) {
                merges.inc();
                m.addTarget(r, a, len, false);
            }
        }
        mshrs.take();
        send(downstreamWrite(a, r.data(), (int) (a - r.address()), len, this, new WriteThrough(r)).from(r.from()),
                now + p.hitLatency(), false);
    }

    /**
     * Serves a read part, or a write part of a write-back cache, given its lookup: the way holding its line
     * ({@code w}, or -1), the MSHR fetching it ({@code m}, or null; only when absent), the sectors it lacks in
     * way {@code w} ({@code missing}, from {@link LineValidity#missing}), and the sectors it touches, covers
     * whole (a write's) and needs.
     */
    private void looked(MemoryRequest r, long l, long a, int len, boolean write, long now, int w, Mshr m,
                        long missing, long touched, long covered, long needed) {
        int from = (int) (a - l);
        int to = from + len;
        if (m != null) {
            // The line is being fetched: the part waits for the fill, fetching any sector it needs that the MSHR
            // does not bring (or keep); with byte masks a write needs nothing and completes now, applied at the
            // fill after the parts before it.
            misses.inc();
            merges.inc();
            if (write && validity.writesWithoutFetch()) {
                validity.joined(m, from, to, touched, true);
                m.addTarget(r, a, len, false);
                hitDue(r, now);
                return;
            }
            if (covered != 0) { // (a read covers nothing: no masks to read for it)
                fillsAvoided.add(Long.bitCount(covered & ~validity.mshrFull(m)));
            }
            fetch(m, validity.mshrMissing(m, from, to, needed), r.from(), now);
            join(m, r, a, len, from, to, write, touched);
            return;
        }
        if (w >= 0) {
            if (missing == 0) {
                // Served in place.
                if (!write) {
                    hits.inc();
                    if (r.data() != null) {
                        System.arraycopy(data, offset(w, a), r.data(), (int) (a - r.address()), len);
                    }
                } else {
                    if (validity.writeHits(w, touched)) {
                        hits.inc();
                    } else {
                        // Byte masks: a sector it touches held no valid byte; it would have fetched a partial one.
                        misses.inc();
                        if ((needed & ~validity.holding(w)) != 0) {
                            fetchesAvoided.inc();
                        }
                    }
                    if (covered != 0) {
                        fillsAvoided.add(Long.bitCount(covered & ~validity.full(w)));
                    }
                    copyIn(r, a, len, w);
                    validity.written(w, from, to, touched);
                }
                tags.touch(w);
                hitDue(r, now);
                return;
            }
            // A sector (or byte) miss: the line moves into the MSHR with what it holds (see the class comment).
            misses.inc();
            sectorMisses.inc();
            m = mshrs.open(l, tags.owner(w), true);
            m.wasResident = true;
            if (!timingOnly) {
                System.arraycopy(data, w * line, m.bytes, 0, line);
            }
            validity.moveInto(m, w);
            tags.invalidate(w);
        } else {
            misses.inc();
            if (write && (needed == 0 || validity.writesWithoutFetch())) {
                allocateWithoutFetch(r, l, a, len, from, to, touched, covered, needed, now);
                return;
            }
            m = mshrs.open(l, r.from(), false);
            // A new entry holds nothing yet: no sector of it is full, and it fetches every sector the part needs
            // (what mshrFull and mshrMissing answer for it, without reading its masks).
            fillsAvoided.add(Long.bitCount(covered));
            fetch(m, needed, r.from(), now);
            join(m, r, a, len, from, to, write, touched);
            return;
        }
        if (covered != 0) {
            fillsAvoided.add(Long.bitCount(covered & ~validity.mshrFull(m)));
        }
        fetch(m, validity.mshrMissing(m, from, to, needed), r.from(), now);
        join(m, r, a, len, from, to, write, touched);
    }

    /** Adds a part to an MSHR's targets, completing at the fill: its bytes are valid then (and dirty, a write's). */
    private void join(Mshr m, MemoryRequest r, long a, int len, int from, int to, boolean write, long touched) {
        validity.joined(m, from, to, touched, write);
        m.addTarget(r, a, len, true);
    }

    /** Sends an MSHR's fetches of {@code sectors}: one read a run of adjacent sectors, after the lookup. */
    private void fetch(Mshr m, long sectors, gpusim.sim.MemoryClient from, long now) {
        long left = sectors;
        while (left != 0) {
            int first = Long.numberOfTrailingZeros(left);
            int end = first + Long.numberOfTrailingZeros(~(left >>> first));
            int n = (end - first) * sector;
            m.fetchesPending++;
            m.fetchedBytes += n;
            fillBytes.add(n);
            validity.fetching(m, first * sector, end * sector);
            // A whole line read straight into the MSHR's buffer (no byte masks: nothing to merge under):
            // the bytes land before memoryDone would copy them, and nothing else touches the buffer
            // while the fetch is out (its other fetches, if any, are of other sectors).
            long at = m.line + (long) first * sector;
            MemoryRequest read = timingOnly ? MemoryRequest.fetch(at, n, this, m)
                    : MemoryRequest.read(at, n == line && m.keptBytes == null ? m.bytes : takeBuffer(end - first), this, m);
            send(read.from(from), now + p.hitLatency(), false);
            left &= ~LineSectors.span(first, end - 1);
        }
    }

    /**
     * A write that needs no old bytes of an absent line (it covers every sector it touches, or byte masks keep
     * what it writes valid): the line is allocated now, the bytes written valid and dirty, and nothing fetched;
     * the victim, if dirty, is written back after the lookup and holds an MSHR (a write-back buffer entry; the
     * request counted one) until the downstream accepts it. With byte masks a write of part of a sector is one
     * that would have fetched without them.
     */
    private void allocateWithoutFetch(MemoryRequest r, long l, long a, int len, int from, int to, long touched,
                                      long covered, long needed, long now) {
        if (needed != 0) {
            fetchesAvoided.inc();
        }
        int w = tags.victim(l);
        if (tags.valid(w) && evict(w, now + p.hitLatency())) {
            mshrs.take();
        }
        tags.install(w, l, r.from());
        validity.allocated(w);
        fillsAvoided.add(Long.bitCount(covered));
        bytesSaved.add(line);
        copyIn(r, a, len, w);
        validity.written(w, from, to, touched);
        hitDue(r, now);
    }

    private void hitDue(MemoryRequest r, long now) {
        if (hitsDue.add(r, now)) {
            if (calendar != null) {
                calendar.due(calendarSlot, now + p.hitLatency());
            } else {
                self.wakeAt(now + p.hitLatency());
            }
        }
    }

    /** The calendar that completes this slice's hits, or null: the cache completes its own at its ticks. */
    private HitCalendar calendar;
    private int calendarSlot;
    /** The last cycle the calendar completed a hit of this cache that was progress. */
    private long hitProgressAt = -1;

    /** From now on {@code c} completes this cache's hits, as its slice {@code slot} (see {@link HitCalendar}). */
    void completeHitsBy(HitCalendar c, int slot) {
        if (hitsDue.nextDue() != Engine.NEVER) {
            throw new IllegalStateException(name + ": hits already due");
        }
        calendar = c;
        calendarSlot = slot;
    }

    /**
     * The calendar's run at {@code now}: completes the hits due, in order, as {@link #tick} would; when any
     * completes and something waits to go downstream, this cache still runs now (and, for progress, next
     * cycle), as it would have to complete them. Returns whether a completed hit was progress.
     */
    boolean completeHits(long now) {
        boolean any = false;
        boolean progress = false;
        for (MemoryRequest r = hitsDue.takeDue(now); r != null; r = hitsDue.takeDue(now)) {
            any = true;
            progress |= !r.isPoll();
            finishPart(r, now);
        }
        if (progress) {
            hitProgressAt = now;
        }
        if (any && out.size() > 0) {
            self.wakeAt(now);
        }
        return progress;
    }

    /** The cycle the oldest hit in the pipeline completes, or {@link Engine#NEVER}. */
    long nextHitDue() {
        return hitsDue.nextDue();
    }

    private int offset(int way, long a) {
        return way * line + (int) (a & (line - 1));
    }

    private void copyIn(MemoryRequest r, long a, int len, int way) {
        if (r.data() != null) {
            // (A timed write carries no bytes: the line's stay as they are. A timing-only cache takes no others.)
            System.arraycopy(r.data(), (int) (a - r.address()), data, offset(way, a), len);
        }
    }

    private void send(MemoryRequest req, long readyAt, boolean frees) {
        if (out.add(req, readyAt, frees)) {
            self.wakeAt(readyAt);
        }
    }

    /** A downstream request of ours completed: a fetch or a write-through (write-backs tell nobody). */
    @Override
    public void memoryDone(MemoryRequest req, long now) {
        if (req.tag() instanceof Mshr m) {
            int off = (int) (req.address() - m.line);
            // A whole line read into m.bytes itself is in place already (see fetch).
            if (!timingOnly && req.data() != m.bytes) {
                validity.landed(m, req.data(), off, req.size());
                releaseBuffer(req.data(), req.size() / sector);
            }
            if (--m.fetchesPending == 0) {
                fill(m, now);
            }
        } else if (req.tag() instanceof WriteThrough wt) {
            mshrs.release(now);
            finishPart(wt.r(), now);
        }
    }

    /**
     * Evicts the valid line in way {@code w}: its dirty sectors go downstream, one write a run, ready at
     * {@code readyAt}. Returns whether anything was written back (the caller then holds an MSHR for it,
     * freed when the last write is accepted).
     */
    private boolean evict(int w, long readyAt) {
        evictions.inc();
        return writeBack(w, readyAt);
    }

    /** Way {@code w}'s dirty sectors (or bytes) downstream, ready at {@code readyAt}: {@link #evict} without the eviction. */
    private boolean writeBack(int w, long readyAt) {
        int start = validity.nextDirty(w, 0);
        if (start < 0) {
            return false;
        }
        writeBacks.inc();
        int dirty = 0;
        while (start >= 0) {
            int end = validity.dirtyEnd(w, start);
            int next = end < line ? validity.nextDirty(w, end) : -1;
            int n = end - start;
            dirty += n;
            writeBackBytes.add(n);
            send(downstreamWrite(tags.tag(w) + start, data, w * line + start, n, null, null).from(tags.owner(w)),
                    readyAt, next < 0);
            start = next;
        }
        if (dirty != line) {
            partialWriteBacks.inc();
        }
        bytesSaved.add(line - dirty);
        return true;
    }

    /**
     * Writes every dirty line back downstream, ready at {@code now}, in way order; the lines stay valid and
     * become clean. Each write-back holds an MSHR until the downstream accepts its last write, as a dirty
     * victim's does (there may be more of them than MSHRs: nothing else comes once a run has ended). For
     * the end of a run ({@code l2.flush_at_end}); returns the lines written back.
     */
    public int flush(long now) {
        int n = 0;
        for (int w = 0; w < tags.size(); w++) {
            if (tags.valid(w) && writeBack(w, now)) {
                mshrs.take();
                n++;
                validity.cleaned(w);
            }
        }
        return n;
    }

    private void fill(Mshr m, long now) {
        mshrs.filled(m);
        int w = tags.victim(m.line);
        // The fill's MSHR becomes a dirty victim's write-back buffer entry.
        boolean keptEntry = tags.valid(w) && evict(w, now);
        tags.install(w, m.line, m.owner);
        validity.filled(w, m);
        bytesSaved.add((m.wasResident ? 0 : line) - m.fetchedBytes);
        if (!timingOnly) {
            System.arraycopy(m.bytes, 0, data, w * line, line);
        }
        // Indexed loops: an iterator each fill was a steady allocation. A timing-only cache's targets carry
        // no bytes: nothing to apply.
        for (int k = 0; !timingOnly && k < m.targets(); k++) {
            MemoryRequest r = m.targetRequest(k);
            long at = m.targetAddress(k);
            if (r.kind() == MemoryRequest.Kind.WRITE) {
                copyIn(r, at, m.targetLength(k), w);
            } else if (r.data() != null) {
                System.arraycopy(data, offset(w, at), r.data(), (int) (at - r.address()), m.targetLength(k));
            }
        }
        if (!keptEntry) {
            mshrs.release(now);
        }
        for (int k = 0; k < m.targets(); k++) {
            if (m.targetCompletes(k)) {
                finishPart(m.targetRequest(k), now);
            }
        }
        mshrs.recycle(m);
    }

    /**
     * A write of {@code n} bytes at {@code a} going downstream, with the bytes of {@code src} at
     * {@code from} ({@link #bytesOf}), or a timed write without bytes when there are none: {@code src}
     * is null for a timing-only cache (no {@link #data}) and for a write-through of a timed write.
     */
    private MemoryRequest downstreamWrite(long a, byte[] src, int from, int n, MemoryRequest.Client client, Object tag) {
        if (src == null) {
            return MemoryRequest.timedWrite(a, n, client, tag);
        }
        return MemoryRequest.write(a, bytesOf(src, from, n), client, tag);
    }

    /**
     * A copy of {@code n} bytes of {@code src} at {@code from}, for a write going downstream: the shared
     * array of {@code n} zeros when they are all zero (a write's array is only ever read, so one array
     * can serve them all), else a new one.
     */
    private byte[] bytesOf(byte[] src, int from, int n) {
        if (n >= zeros.length) {
            zeros = java.util.Arrays.copyOf(zeros, Math.max(n + 1, zeros.length * 2));
        }
        byte[] z = zeros[n];
        if (z == null) {
            z = new byte[n];
            zeros[n] = z;
        }
        if (java.util.Arrays.mismatch(src, from, from + n, z, 0, n) < 0) {
            return z;
        }
        byte[] b = new byte[n];
        System.arraycopy(src, from, b, 0, n);
        return b;
    }

    /** Zero arrays by length, for {@link #bytesOf}. */
    private byte[][] zeros = new byte[0][];

    /** A read buffer of {@code sectors} sectors, free or new (its bytes are all overwritten before they are read). */
    private byte[] takeBuffer(int sectors) {
        int c = freeBufCount[sectors];
        if (c > 0) {
            freeBufCount[sectors] = c - 1;
            return freeBufs[sectors][c - 1];
        }
        return new byte[sectors * sector];
    }

    private void releaseBuffer(byte[] b, int sectors) {
        int c = freeBufCount[sectors];
        if (c == freeBufs[sectors].length) {
            freeBufs[sectors] = java.util.Arrays.copyOf(freeBufs[sectors], c * 2);
        }
        freeBufs[sectors][c] = b;
        freeBufCount[sectors] = c + 1;
    }

    /** Whether the line a new {@code lineAddr} would replace holds dirty bytes. */
    private boolean dirtyVictim(long lineAddr) {
        int v = tags.victim(lineAddr);
        return tags.valid(v) && validity.anyDirty(v);
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
        if (calendar != null) {
            progress = hitProgressAt == now; // its hits were completed by the calendar, earlier in this cycle
        } else {
            for (MemoryRequest r = hitsDue.takeDue(now); r != null; r = hitsDue.takeDue(now)) {
                // A poll's hit is timed like any but is no progress (MemoryRequest#poll), as in a channel.
                progress |= !r.isPoll();
                finishPart(r, now);
            }
        }
        progress |= out.drain(now, downstream, this, mshrs);
        long next = calendar != null ? out.readyAfter(now) : Math.min(hitsDue.nextDue(), out.readyAfter(now));
        if (next != Engine.NEVER) {
            self.wakeAt(next);
        }
        return progress;
    }

    @Override
    public boolean hasPendingWork() {
        return outstanding > 0 || out.size() > 0 || mshrs.inUse() > 0;
    }

    @Override
    public boolean working(long now) {
        return hitsDue.holdsWork();
    }

    @Override
    public StatGroup stats() {
        return stats;
    }

    @Override
    public String describe() {
        return outstanding + " requests outstanding, " + mshrs.inUse() + "/" + p.mshrs() + " MSHRs in use, " + out.size()
                + " waiting to go downstream";
    }
}
