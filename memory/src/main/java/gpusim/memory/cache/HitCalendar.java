package gpusim.memory.cache;

import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.StatGroup;
import gpusim.sim.Waker;

/**
 * The hit completions of the slices of one cache level, as events: a hit's completion cycle is known
 * when it is looked up (the lookup cycle plus the hit latency), so it is scheduled then, and one
 * component completes every slice's hits due at a cycle, instead of each slice being woken for its own
 * (and again the cycle after, for the progress it made): gem5 schedules a cache's response at the
 * cycle the lookup decides ({@code BaseCache::handleTimingReqHit}, the packet's {@code
 * forwardTime}/{@code lat}), and Akita's event-driven engine runs a component only when an event for it
 * is due.
 *
 * <p>Order and cycles are those of the slices completing their own hits. The calendar is registered
 * right after the slices, so within a cycle it runs after the channels and the levels below, and before
 * the slices; it takes the slices in the order they would have run (slice 0 first) and each slice's hits
 * in its pipeline's order. Completing a slice's hits before every slice has sent its fills and
 * write-backs down, instead of between them, changes nothing: a completion only reaches the level's
 * clients (they are told, and wake), which never call into the slices or the channels from there, and
 * what a slice sends down reaches only the levels below. A slice whose write buffer holds something
 * still runs in that cycle and, when a completed hit was progress, in the next, as it did: there it
 * offers its head downstream, and a refused offer counts. One with nothing to send does nothing in
 * those runs, so it is not run.
 */
public final class HitCalendar implements Component {
    private final Engine engine;
    private final Waker self;
    private final Cache[] slices;
    /** Bit c: slice c's hit pipeline holds parts. */
    private final long[] active;
    private final StatGroup stats = new StatGroup("hits", "the hit completions of a cache level's slices");

    /** The calendar of {@code slices} (slice c at index c), each of which then hands it its hits. */
    public HitCalendar(String name, Engine engine, Cache[] slices) {
        this.engine = engine;
        this.self = new Waker(engine, this);
        this.slices = slices.clone();
        this.active = new long[(slices.length + 63) / 64];
        this.name = name;
        for (int c = 0; c < slices.length; c++) {
            slices[c].completeHitsBy(this, c);
        }
    }

    private final String name;

    /** Slice {@code c}'s pipeline, empty until now, has a part due at {@code at}. */
    void due(int c, long at) {
        active[c >>> 6] |= 1L << c;
        self.wakeAt(at);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean tick(long now) {
        boolean progress = false;
        long next = Engine.NEVER;
        for (int w = 0; w < active.length; w++) {
            for (long bits = active[w]; bits != 0; bits &= bits - 1) {
                int c = (w << 6) + Long.numberOfTrailingZeros(bits);
                Cache s = slices[c];
                progress |= s.completeHits(now);
                long due = s.nextHitDue();
                if (due == Engine.NEVER) {
                    active[w] &= ~(1L << c);
                } else if (due < next) {
                    next = due;
                }
            }
        }
        if (next != Engine.NEVER) {
            self.wakeAt(next);
        }
        if (progress) {
            // The slices' progress, without a run of this calendar in the next cycle (which would find nothing due).
            engine.noteProgress();
        }
        return false;
    }

    @Override
    public boolean hasPendingWork() {
        return false; // the slices hold the parts (Cache#hasPendingWork)
    }

    @Override
    public StatGroup stats() {
        return stats;
    }

    @Override
    public String describe() {
        int n = 0;
        for (long w : active) {
            n += Long.bitCount(w);
        }
        return "hits due in " + n + " slices";
    }
}
