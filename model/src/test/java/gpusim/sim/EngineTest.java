package gpusim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The simulation kernel's rules: back-to-front ticking, bounded queues with capacity and latency,
 * back-pressure, jumping over idle time, and the deadlock detector.
 */
class EngineTest {

    /** Pushes {@code total} items, one per cycle at most; a refused push makes it sleep until the queue wakes it. */
    static final class Producer implements Component {
        final int total;
        BoundedQueue<Integer> out;
        int sent;
        final List<Long> pushCycles = new ArrayList<>();
        final StatGroup stats = new StatGroup("producer", "test producer");

        Producer(int total) {
            this.total = total;
        }

        @Override
        public String name() {
            return "producer";
        }

        @Override
        public boolean tick(long now) {
            if (sent == total) {
                return false;
            }
            if (!out.push(sent, now)) {
                return false;
            }
            pushCycles.add(now);
            sent++;
            return true;
        }

        @Override
        public boolean hasPendingWork() {
            return sent < total;
        }

        @Override
        public StatGroup stats() {
            return stats;
        }
    }

    /**
     * Pops at most one item a cycle (a 1-cycle consumer). When {@code rearm} is set it asks
     * to be woken when the head item arrives if it is ticked before that; otherwise it relies
     * only on the queue's wake-ups, as the Component contract allows.
     */
    static final class Consumer implements Component {
        final Engine engine;
        final boolean rearm;
        BoundedQueue<Integer> in;
        final List<Long> popCycles = new ArrayList<>();
        final List<Integer> items = new ArrayList<>();
        final StatGroup stats = new StatGroup("consumer", "test consumer");

        Consumer(Engine engine, boolean rearm) {
            this.engine = engine;
            this.rearm = rearm;
        }

        @Override
        public String name() {
            return "consumer";
        }

        @Override
        public boolean tick(long now) {
            Integer v = in.peek(now);
            if (v == null) {
                if (rearm && !in.isEmpty()) {
                    engine.wakeAt(this, in.headReadyAt());
                }
                return false;
            }
            in.pop(now);
            popCycles.add(now);
            items.add(v);
            return true;
        }

        @Override
        public boolean hasPendingWork() {
            return !in.isEmpty();
        }

        @Override
        public StatGroup stats() {
            return stats;
        }
    }

    record Pipe(Engine engine, Producer producer, Consumer consumer, BoundedQueue<Integer> queue) {
        long run() {
            return engine.run(() -> false);
        }
    }

    static Pipe pipe(int items, int capacity, int latency, boolean rearm) {
        Engine e = new Engine(1000);
        Producer p = new Producer(items);
        Consumer c = new Consumer(e, rearm);
        e.add(p); // front of the pipe first
        e.add(c);
        BoundedQueue<Integer> q = e.<Integer>queue("p->c", capacity, latency).connect(p, c);
        p.out = q;
        c.in = q;
        e.wakeAt(p, 0);
        return new Pipe(e, p, c, q);
    }

    // Queue rule: an item pushed at cycle t can be popped from t + latency on; capacity bounds the
    // items in flight, so 10 items through capacity 2 / latency 3 with a 1-cycle consumer move two
    // every three cycles: pops at 3,4, 6,7, 9,10, 12,13, 15,16.
    @Test
    void tenItemsThroughCapacity2Latency3TakeExactly16Cycles() {
        Pipe p = pipe(10, 2, 3, true);
        long last = p.run();
        assertEquals(16, last, "cycle of the last pop");
        assertEquals(List.of(3L, 4L, 6L, 7L, 9L, 10L, 12L, 13L, 15L, 16L), p.consumer.popCycles);
        assertEquals(List.of(0L, 1L, 3L, 4L, 6L, 7L, 9L, 10L, 12L, 13L), p.producer.pushCycles);
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), p.consumer.items, "FIFO order");
        assertEquals(10, p.queue.pushes());
        assertEquals(2, p.queue.peak());
    }

    // Back-pressure: a producer that finds the queue full is refused (counted) and sleeps until a pop
    // wakes it. In the schedule above it is refused at cycles 2, 5, 8 and 11.
    @Test
    void backPressureCountsEveryRefusedPush() {
        Pipe p = pipe(10, 2, 3, true);
        p.run();
        assertEquals(4, p.queue.refusals());
    }

    // Without back-pressure (capacity >= items) only latency matters: one pop a cycle from cycle 3.
    @Test
    void largeQueueOnlyAddsLatency() {
        Pipe p = pipe(10, 16, 3, true);
        assertEquals(12, p.run());
        assertEquals(0, p.queue.refusals());
        assertEquals(3, p.queue.peak(), "three items are in flight at once with latency 3");
    }

    // Component contract: "a component that made no progress sleeps until a queue wakes it (a push
    // into one of its inputs ...)". A consumer that does not re-arm itself must still be woken when
    // each pushed item arrives, even if it was ticked (and found nothing) in between. The engine keeps
    // one wake cycle per component, so an earlier wake must not swallow a later push's wake-up.
    @Test
    void pushWakesConsumerWhenItemArrivesEvenAfterAnEarlierEmptyTick() {
        Pipe p = pipe(10, 2, 3, false);
        long last = p.run();
        assertEquals(16, last);
        assertEquals(10, p.consumer.items.size());
    }

    // Same-cycle order is fixed (back to front), so identical runs give identical schedules.
    @Test
    void identicalRunsGiveIdenticalCycleCounts() {
        Pipe a = pipe(37, 3, 5, true);
        Pipe b = pipe(37, 3, 5, true);
        long ca = a.run();
        long cb = b.run();
        assertEquals(ca, cb);
        assertEquals(a.consumer.popCycles, b.consumer.popCycles);
        assertEquals(a.engine.ticks(), b.engine.ticks());
        assertEquals(a.queue.refusals(), b.queue.refusals());
    }

    // Back-to-front ticking: the consumer, registered later, is ticked first in a cycle, so the slot it
    // frees is pushed into by the producer in the same cycle (pop at 3 -> push at 3 in the schedule).
    @Test
    void consumerIsTickedBeforeProducerWithinACycle() {
        Engine e = new Engine(10);
        List<String> order = new ArrayList<>();
        Component front = new Recorder("front", order);
        Component back = new Recorder("back", order);
        e.add(front);
        e.add(back);
        e.wakeAt(front, 5);
        e.wakeAt(back, 5);
        e.run(() -> false);
        assertEquals(List.of("back@5", "front@5"), order);
    }

    /** Logs "name@cycle" at each tick, then runs its action (if any) for that cycle. */
    static final class Recorder implements Component {
        final String name;
        final List<String> order;
        final java.util.function.LongConsumer onTick;

        Recorder(String name, List<String> order) {
            this(name, order, now -> { });
        }

        Recorder(String name, List<String> order, java.util.function.LongConsumer onTick) {
            this.name = name;
            this.order = order;
            this.onTick = onTick;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean tick(long now) {
            order.add(name + "@" + now);
            onTick.accept(now);
            return false;
        }

        @Override
        public boolean hasPendingWork() {
            return false;
        }

        @Override
        public StatGroup stats() {
            return new StatGroup(name, "");
        }
    }

    /** Holds one item forever and never moves it; optionally polls itself every cycle. */
    static final class Stuck implements Component {
        final Engine engine;
        final boolean poll;

        Stuck(Engine engine, boolean poll) {
            this.engine = engine;
            this.poll = poll;
        }

        @Override
        public String name() {
            return "stuckblock";
        }

        @Override
        public boolean tick(long now) {
            if (poll) {
                engine.wakeAt(this, now + 1);
            }
            return false;
        }

        @Override
        public boolean hasPendingWork() {
            return true;
        }

        @Override
        public String describe() {
            return "holding item 42";
        }

        @Override
        public StatGroup stats() {
            return new StatGroup("stuckblock", "");
        }
    }

    // ChampSim-style detector: work pending and no progress for deadlockCycles cycles stops the run
    // with a dump naming each component's state and each queue's occupancy.
    @Test
    void deadlockDetectorFiresWhenAComponentPollsButNeverProgresses() {
        Engine e = new Engine(50);
        Producer p = new Producer(3);
        Stuck s = new Stuck(e, true);
        e.add(p);
        e.add(s);
        BoundedQueue<Integer> q = e.<Integer>queue("p->stuck", 4, 1).connect(p, s);
        p.out = q;
        e.wakeAt(p, 0);
        e.wakeAt(s, 0);
        DeadlockException ex = assertThrows(DeadlockException.class, () -> e.run(() -> false));
        String msg = ex.getMessage();
        assertTrue(msg.contains("stuckblock"), msg);
        assertTrue(msg.contains("holding item 42"), msg);
        assertTrue(msg.contains("p->stuck: 3/4"), msg);
        // Last progress was the third push at cycle 2; the detector fires once more than 50 cycles passed.
        assertEquals(53, ex.cycle());
    }

    /**
     * A block busy with one item for {@code cost} cycles (its end scheduled, as a pipeline stage
     * is), which then sets {@code done}.
     */
    static final class LongItem implements Component {
        final Engine engine;
        final long cost;
        boolean started;
        boolean done;

        LongItem(Engine engine, long cost) {
            this.engine = engine;
            this.cost = cost;
        }

        @Override
        public String name() {
            return "longitem";
        }

        @Override
        public boolean tick(long now) {
            if (!started) {
                started = true;
                engine.wakeAt(this, now + cost);
                return true;
            }
            if (!done && now >= cost) {
                done = true;
                return true;
            }
            if (!done) {
                engine.wakeAt(this, cost); // woken early (re-ticked after its start): sleep on
            }
            return false;
        }

        @Override
        public boolean hasPendingWork() {
            return !done;
        }

        @Override
        public boolean working(long now) {
            return started && !done && now < cost;
        }

        @Override
        public StatGroup stats() {
            return new StatGroup("longitem", "");
        }
    }

    /**
     * Waits for {@code item} to finish by re-checking every {@code interval} cycles (a
     * WAIT_REG_MEM style poll); a check that finds it still busy changes nothing and says so.
     */
    static final class Poller implements Component {
        final Engine engine;
        final LongItem item;
        final long interval;
        long checks;
        long doneAt = -1;

        Poller(Engine engine, LongItem item, long interval) {
            this.engine = engine;
            this.item = item;
            this.interval = interval;
        }

        @Override
        public String name() {
            return "poller";
        }

        @Override
        public boolean tick(long now) {
            if (doneAt >= 0) {
                return false;
            }
            checks++;
            if (item != null && item.done) {
                doneAt = now;
                return true;
            }
            engine.wakeAt(this, now + interval);
            return checks == 1; // the first check starts the wait; the repeats are no change
        }

        @Override
        public boolean hasPendingWork() {
            return doneAt < 0;
        }

        @Override
        public String describe() {
            return "polling every " + interval + " cycles";
        }

        @Override
        public StatGroup stats() {
            return new StatGroup("poller", "");
        }
    }

    // A deadlock is only a deadlock: a wait that polls for ten detector windows while another
    // block works through one long item is no deadlock (the item's end is scheduled), and the
    // wait ends at the first poll after the item. Polls at 0, then (re-ticked after its first,
    // productive check) 1 + 16k: the first at or after 100,000 is 100,001 (k = 6,250).
    @Test
    void aPollingWaitBehindALongItemIsNoDeadlock() {
        Engine e = new Engine(10_000);
        LongItem item = new LongItem(e, 100_000);
        Poller p = new Poller(e, item, 16);
        e.add(p);
        e.add(item);
        e.wakeAt(item, 0);
        e.wakeAt(p, 0);
        assertEquals(100_001, e.run(() -> false));
        assertEquals(100_001, p.doneAt);
        assertEquals(6_252, p.checks);
    }

    // ... while a wait that polls for something nobody is working on is one: no change for more
    // than 1,000 cycles after the first check at 0, found at the first poll after that,
    // 1,009 = 1 + 63 x 16, with the dump.
    @Test
    void aPollingWaitWithNothingWorkingIsADeadlock() {
        Engine e = new Engine(1_000);
        Poller p = new Poller(e, null, 16);
        e.add(p);
        e.wakeAt(p, 0);
        DeadlockException ex = assertThrows(DeadlockException.class, () -> e.run(() -> false));
        assertEquals(1_009, ex.cycle());
        assertTrue(ex.getMessage().contains("component poller: polling every 16 cycles (wakes at 1025)"),
                ex.getMessage());
    }

    // A component that holds work and has gone to sleep with nothing to wake it is a deadlock too,
    // reported at once rather than after deadlockCycles of simulated time.
    @Test
    void deadlockDetectorFiresWhenPendingWorkHasNoWakeUp() {
        Engine e = new Engine(1_000_000);
        Stuck s = new Stuck(e, false);
        e.add(s);
        BoundedQueue<Integer> q = e.<Integer>queue("in", 2, 1);
        e.wakeAt(s, 7);
        DeadlockException ex = assertThrows(DeadlockException.class, () -> e.run(() -> false));
        assertTrue(ex.getMessage().contains("component stuckblock: holding item 42 (asleep)"), ex.getMessage());
        assertTrue(ex.getMessage().contains("queue in: 0/2"), ex.getMessage());
        assertEquals(7, ex.cycle());
        assertEquals(0, q.size());
    }

    /**
     * Does one unit of work, then asks to be woken {@code gap} cycles later, {@code times} times
     * (the way a stage waits out its busy time: a tick before the wanted cycle just re-arms).
     */
    static final class Sleeper implements Component {
        final Engine engine;
        final long gap;
        int left;
        long nextAt;
        int ticks;
        final List<Long> worked = new ArrayList<>();

        Sleeper(Engine engine, long gap, int times) {
            this.engine = engine;
            this.gap = gap;
            this.left = times;
        }

        @Override
        public String name() {
            return "sleeper";
        }

        @Override
        public boolean tick(long now) {
            ticks++;
            if (left == 0) {
                return false;
            }
            if (now < nextAt) {
                engine.wakeAt(this, nextAt);
                return false;
            }
            left--;
            worked.add(now);
            if (left > 0) {
                nextAt = now + gap;
                engine.wakeAt(this, nextAt);
            }
            return true;
        }

        @Override
        public boolean hasPendingWork() {
            return left > 0;
        }

        @Override
        public StatGroup stats() {
            return new StatGroup("sleeper", "");
        }
    }

    // The engine jumps straight to the next awake cycle: three sleeps of 1,000,000 cycles cost a
    // handful of ticks, not millions.
    @Test
    void idleTimeCostsNoTicks() {
        Engine e = new Engine(10);
        Sleeper s = new Sleeper(e, 1_000_000, 3);
        e.add(s);
        e.wakeAt(s, 0);
        long last = e.run(() -> false);
        assertEquals(2_000_000, last, "cycle of the last progress");
        assertEquals(List.of(0L, 1_000_000L, 2_000_000L), s.worked);
        // work at 0, 1e6, 2e6; after each, the engine's next-cycle tick finds nothing to do
        assertEquals(6, e.ticks());
        assertEquals(e.ticks(), s.ticks);
    }

    /** Has no pending work; wakes once after a long sleep and finds nothing to do. */
    static final class Watchdog implements Component {
        final Engine engine;
        int ticks;

        Watchdog(Engine engine) {
            this.engine = engine;
        }

        @Override
        public String name() {
            return "watchdog";
        }

        @Override
        public boolean tick(long now) {
            ticks++;
            if (now == 0) {
                engine.wakeAt(this, 1_000_000);
            }
            return false;
        }

        @Override
        public boolean hasPendingWork() {
            return false;
        }

        @Override
        public StatGroup stats() {
            return new StatGroup("watchdog", "");
        }
    }

    // Deadlock detector definition (DeadlockException: "thrown when work is pending but no component
    // has made progress"; Engine: "stops the run when work is pending and nothing has progressed"):
    // a component with no pending work that wakes after a long sleep and finds nothing to do is not
    // a deadlock.
    @Test
    void longSleepWithoutPendingWorkIsNotReportedAsDeadlock() {
        Engine e = new Engine(1000);
        Watchdog w = new Watchdog(e);
        e.add(w);
        e.wakeAt(w, 0);
        e.run(() -> false);
        assertEquals(1_000_000, e.now());
        assertEquals(2, w.ticks);
    }

    @Test
    void queueRejectsZeroCapacityAndZeroLatency() {
        Engine e = new Engine(10);
        IllegalArgumentException a = assertThrows(IllegalArgumentException.class, () -> e.queue("q", 0, 1));
        assertTrue(a.getMessage().contains("capacity"), a.getMessage());
        IllegalArgumentException b = assertThrows(IllegalArgumentException.class, () -> e.queue("q", 1, 0));
        assertTrue(b.getMessage().contains("latency"), b.getMessage());
    }

    // Queue rule: nothing can be popped before it has arrived.
    @Test
    void popBeforeArrivalThrowsAndPeekReturnsNull() {
        Engine e = new Engine(10);
        Producer p = new Producer(1);
        Consumer c = new Consumer(e, true);
        e.add(p);
        e.add(c);
        BoundedQueue<Integer> q = e.<Integer>queue("q", 2, 4).connect(p, c);
        assertTrue(q.push(7, 10));
        assertEquals(14, q.headReadyAt());
        assertEquals(null, q.peek(13));
        assertThrows(IllegalStateException.class, () -> q.pop(13));
        assertNotNull(q.peek(14));
        assertEquals(7, q.pop(14));
        assertEquals(Engine.NEVER, q.headReadyAt());
    }

    @Test
    void statGroupFindsNestedStatisticsAndRejectsDuplicates() {
        StatGroup root = new StatGroup("gpu", "root");
        StatGroup child = root.child(new StatGroup("db0", "depth block"));
        Stat.Scalar s = child.scalar("samples", "samples", "tested");
        s.add(5);
        s.inc();
        s.max(3);
        child.formula("half", "samples", "half", () -> s.get() / 2.0);
        child.formula("nan", "x", "0/0", () -> 0.0 / 0.0);
        assertEquals(6L, root.find("db0.samples").value());
        assertEquals(3.0, root.find("db0.half").value());
        assertEquals(0.0, root.find("db0.nan").value(), "a non-finite formula reads as 0");
        assertEquals(null, root.find("db1.samples"));
        assertThrows(IllegalArgumentException.class, () -> child.scalar("samples", "x", "again"));
    }

    /**
     * The engine's wake calendar reaches 4096 cycles ahead; later wakes wait aside. A sleeps from
     * cycle 0 until 10,000 (far); B, ticked at 3, wakes A for 20 instead (a far wake lowered into
     * reach: the far entry goes stale) and itself for 9,000 (far, when B's own entry would be, too);
     * A at 20 asks for 5,000 + 4096 * 2 = 13,192 and nothing else happens: the clock jumps
     * 20 -> 9,000 -> 13,192, A's stale cycle 10,000 ticks nobody, and the run ends at 13,192.
     * Every component is ticked exactly when it asked.
     */
    @Test
    void wakesBeyondTheCalendarsReachAndWakesMovedEarlierTickExactlyWhenAsked() {
        Engine e = new Engine(1_000_000);
        List<String> ticks = new ArrayList<>();
        Recorder[] a = new Recorder[1];
        Recorder[] b = new Recorder[1];
        a[0] = new Recorder("a", ticks, now -> {
            if (now == 0) {
                e.wakeAt(a[0], 10_000);
            } else if (now == 20) {
                e.wakeAt(a[0], 13_192);
            }
        });
        b[0] = new Recorder("b", ticks, now -> {
            if (now == 3) {
                e.wakeAt(a[0], 20);
                e.wakeAt(b[0], 9_000);
            }
        });
        e.add(a[0]);
        e.add(b[0]);
        e.wakeAt(a[0], 0);
        e.wakeAt(b[0], 3);
        e.run(() -> false);
        assertEquals(List.of("a@0", "b@3", "a@20", "b@9000", "a@13192"), ticks);
        assertEquals(13_192, e.now());
        assertEquals(5, e.ticks());
    }
}
