package gpusim.bench;

import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.StatGroup;
import gpusim.sim.Waker;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The {@link Engine}'s loop itself, one core: {@link #components} trivial components doing
 * next to no work of their own, so what is timed is the engine's wake bookkeeping, its tick
 * loop and (for the ring) the {@link BoundedQueue}s' wakes, in one of two patterns:
 * <ul>
 *   <li>{@code ring}: a ring of stages, each taking a token from its predecessor's bounded
 *       queue (capacity 2, latency 1), holding it 1 to 3 cycles (by its index) and passing it
 *       on; half as many tokens as stages circulate, so the slow stages back the queues up
 *       and refused pushes wake their producers when room frees (the pipeline's pattern:
 *       a push wakes the consumer, a pop from a full queue the producer);</li>
 *   <li>{@code timers}: each component wakes itself every 1 to 13 cycles (by its index), as
 *       a unit polling or counting down does, with no queues.</li>
 * </ul>
 * Each operation runs the engine {@link #CYCLES} simulated cycles further. Reports component
 * ticks per second ("ticks": {@link Engine#ticks}) and simulated cycles per second ("cycles").
 *
 * <pre>java -jar bench/target/benchmarks.jar EngineLoopBenchmark -f 1 -wi 2 -w 1 -i 3 -r 1</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
// The launcher's GC, and huge pages as it had them until 2026-12-04 (docs/performance.md), so that
// these figures stay comparable with the earlier ones.
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC", "-XX:+UseTransparentHugePages"})
@State(Scope.Thread)
public class EngineLoopBenchmark {
    /** Simulated cycles one operation runs. */
    static final long CYCLES = 4096;

    @Param({"8", "64", "256"})
    public int components;

    @Param({"ring", "timers"})
    public String pattern;

    /** Component ticks and simulated cycles, reported per second. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Counters {
        public long ticks;
        public long cycles;

        @Setup(Level.Iteration)
        public void reset() {
            ticks = 0;
            cycles = 0;
        }
    }

    /** A token passed round the ring. */
    static final class Token {
        long hops;
    }

    /** A ring stage: takes a token, holds it {@code service} cycles, pushes it on (waits if the queue is full). */
    static final class RingStage implements Component {
        final String name;
        final Engine engine;
        final Waker self;
        final int service;
        BoundedQueue<Token> in;
        BoundedQueue<Token> out;
        Token held;
        long readyAt;

        RingStage(Engine engine, int i) {
            this.engine = engine;
            this.name = "stage" + i;
            this.self = new Waker(engine, this);
            this.service = 1 + i % 3;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean tick(long now) {
            boolean progress = false;
            if (held != null) {
                if (now < readyAt) {
                    self.wakeAt(readyAt);
                    return false;
                }
                if (!out.push(held, now)) {
                    return false; // the consumer's pop wakes this stage
                }
                held.hops++;
                held = null;
                progress = true;
            }
            Token t = in.peek(now);
            if (t != null) {
                in.pop(now, true);
                held = t;
                readyAt = now + service;
                self.wakeAt(readyAt);
                progress = true;
            }
            if (progress) {
                engine.noteProgress();
            }
            return false;
        }

        @Override
        public boolean hasPendingWork() {
            return held != null || !in.isEmpty();
        }

        @Override
        public boolean busyBeyond(long cycle) {
            return held != null && readyAt > cycle;
        }

        @Override
        public StatGroup stats() {
            return new StatGroup(name, "benchmark ring stage");
        }
    }

    /** A component that wakes itself every {@code period} cycles. */
    static final class Timer implements Component {
        final String name;
        final Engine engine;
        final Waker self;
        final int period;
        long fired;

        Timer(Engine engine, int i) {
            this.engine = engine;
            this.name = "timer" + i;
            this.self = new Waker(engine, this);
            this.period = 1 + (i * 7) % 13;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean tick(long now) {
            fired++;
            self.wakeAt(now + period);
            engine.noteProgress();
            return false;
        }

        @Override
        public boolean hasPendingWork() {
            return false;
        }

        @Override
        public StatGroup stats() {
            return new StatGroup(name, "benchmark timer");
        }
    }

    private Engine engine;

    @Setup
    public void setup() {
        engine = new Engine(100_000);
        if (pattern.equals("ring")) {
            RingStage[] stages = new RingStage[components];
            for (int i = 0; i < components; i++) {
                stages[i] = new RingStage(engine, i);
                engine.add(stages[i]);
            }
            for (int i = 0; i < components; i++) {
                RingStage from = stages[i];
                RingStage to = stages[(i + 1) % components];
                BoundedQueue<Token> q = engine.<Token>queue("q" + i, 2, 1).connect(from, to);
                from.out = q;
                to.in = q;
            }
            // Half as many tokens as stages, one in every other queue, to start.
            for (int i = 0; i < components; i += 2) {
                stages[i].out.push(new Token(), 0);
            }
        } else if (pattern.equals("timers")) {
            for (int i = 0; i < components; i++) {
                Timer t = new Timer(engine, i);
                engine.add(t);
                engine.wakeAt(t, i % 13);
            }
        } else {
            throw new IllegalArgumentException("pattern " + pattern);
        }
    }

    @Benchmark
    public long run(Counters counters) {
        Engine e = engine;
        long ticks = e.ticks();
        long end = e.now() + CYCLES;
        e.run(() -> e.now() >= end);
        long ran = e.ticks() - ticks;
        counters.ticks += ran;
        counters.cycles += CYCLES;
        return ran;
    }
}
