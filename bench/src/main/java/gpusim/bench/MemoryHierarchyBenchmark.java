package gpusim.bench;

import gpusim.config.Config;
import gpusim.memory.DeviceMemory;
import gpusim.memory.L2Params;
import gpusim.memory.MemorySystem;
import gpusim.memory.cache.Cache;
import gpusim.memory.cache.CacheParams;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.MemoryPort;
import gpusim.sim.MemoryRequest;
import gpusim.sim.StatGroup;
import java.util.SplittableRandom;
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
 * The memory hierarchy's host speed, one core: a client keeps up to 32 requests of 256 bytes
 * in flight (one in four a write, the rest reads whose bytes are not delivered, as the render
 * back ends' surface traffic is) into one of four paths, for {@link #REQUESTS} requests an
 * operation. Reports simulated bytes moved by the client per host second ("bytes") and engine
 * ticks per host second ("ticks"):
 * <ul>
 *   <li>{@code channels}: the default memory (4 channels, 64-byte lines, no DRAM), addresses
 *       streaming through 64 MiB;</li>
 *   <li>{@code hbm3}: the same behind HBM3-class DRAM (memory.dram=hbm3: banks, rows, FR-FCFS);</li>
 *   <li>{@code cache}: a render back end's depth cache (32 KiB, 4 ways, 256-byte lines,
 *       write-back, 32 MSHRs) in front of the default memory, addresses drawn from 128 KiB
 *       (about a quarter hit);</li>
 *   <li>{@code l2}: the requests through write-back L2 slices (l2.enabled=on, the default slices)
 *       to the default memory, addresses drawn from 4 MiB.</li>
 * </ul>
 *
 * <pre>java -jar bench/target/benchmarks.jar MemoryHierarchy</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
// The launcher's GC, and huge pages as it had them until 2026-12-04 (docs/performance.md), so that
// these figures stay comparable with the earlier ones.
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC", "-XX:+UseTransparentHugePages"})
@State(Scope.Thread)
public class MemoryHierarchyBenchmark {
    /** Requests one benchmark operation issues. */
    static final int REQUESTS = 20_000;
    static final int BYTES = 256;

    @Param({"channels", "hbm3", "cache", "l2"})
    public String path;

    /** Simulated bytes and engine ticks, reported per second. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Counters {
        public long bytes;
        public long ticks;

        @Setup(Level.Iteration)
        public void reset() {
            bytes = 0;
            ticks = 0;
        }
    }

    private long seed = 1;

    /**
     * Issues up to {@code inFlight} requests at a time, at most one a cycle, until
     * {@code total} have completed.
     */
    static final class StreamingClient implements Component, MemoryRequest.Client {
        final Engine engine;
        final SplittableRandom random;
        final long window;
        final boolean stream;
        MemoryPort port;
        int issued;
        int done;
        int total;
        long next;
        MemoryRequest refused;

        StreamingClient(Engine engine, long seed, long window, boolean stream) {
            this.engine = engine;
            this.random = new SplittableRandom(seed);
            this.window = window;
            this.stream = stream;
        }

        @Override
        public String name() {
            return "client";
        }

        @Override
        public boolean tick(long now) {
            if (issued - done >= 32 || issued == total) {
                return false; // woken again by a completion
            }
            MemoryRequest r = refused;
            if (r == null) {
                long addr;
                if (stream) {
                    addr = next;
                    next = (next + BYTES) % window;
                } else {
                    addr = random.nextLong(window / BYTES) * BYTES;
                }
                r = random.nextInt(4) == 0 ? MemoryRequest.write(addr, new byte[BYTES], this, null)
                        : MemoryRequest.fetch(addr, BYTES, this, null);
            }
            if (!port.request(r, this, now)) {
                refused = r;
                return false; // the port wakes a client it refused
            }
            refused = null;
            issued++;
            engine.wakeAt(this, now + 1);
            return true;
        }

        @Override
        public void memoryDone(MemoryRequest request, long now) {
            done++;
            engine.wakeAt(this, now);
        }

        @Override
        public boolean hasPendingWork() {
            return done < total;
        }

        @Override
        public StatGroup stats() {
            return new StatGroup("client", "");
        }
    }

    @Benchmark
    public long run(Counters counters) {
        Engine e = new Engine(1_000_000);
        DeviceMemory dm = new DeviceMemory(256);
        Config c = Config.defaults();
        if (path.equals("hbm3")) {
            c = c.with("memory.dram=hbm3");
        } else if (path.equals("l2")) {
            c = c.with("l2.enabled=on");
        }
        long window = switch (path) {
            case "cache" -> 128 << 10;
            case "l2" -> 4 << 20;
            default -> 64 << 20;
        };
        StreamingClient client = new StreamingClient(e, seed++, window, !path.equals("cache") && !path.equals("l2"));
        client.total = REQUESTS;
        MemorySystem ms = new MemorySystem(e, dm, MemorySystem.Params.of(c), L2Params.of(c));
        e.add(client);
        if (path.equals("cache")) {
            Cache cache = new Cache("db0_cache", e, ms, new CacheParams(32 << 10, 4, 256, true, 32, 4));
            client.port = cache;
            e.add(cache);
        } else {
            client.port = ms;
        }
        ms.register();
        e.wakeAt(client, 0);
        e.run(() -> false);
        if (client.done != REQUESTS) {
            throw new IllegalStateException(client.done + " of " + REQUESTS + " requests done");
        }
        counters.bytes += (long) REQUESTS * BYTES;
        counters.ticks += e.ticks();
        return e.now();
    }
}
