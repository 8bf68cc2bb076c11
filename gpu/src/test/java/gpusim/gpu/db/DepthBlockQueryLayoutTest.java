package gpusim.gpu.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.config.Config;
import gpusim.gpu.DrawTracker;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.PipelineDrain;
import gpusim.gpu.RunLength;
import gpusim.gpu.RunMode;
import gpusim.gpu.StageWiring;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.query.QueryResolver;
import gpusim.gpu.query.QueryState;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.rb.RenderBackEndQueryProtocol;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.MarkerProgress;
import gpusim.gpu.work.OcclusionMarker;
import gpusim.gpu.work.Work;
import gpusim.gpu.work.WriteQueryMarker;
import gpusim.memory.DeviceMemory;
import gpusim.sim.MemoryRequest;
import gpusim.memory.MemorySystem;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.StatGroup;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The occlusion slot layout the DBs write (AMD hardware, Mesa radeonsi / PAL): for a query at
 * {@code slot}, DB d writes its ZPASS counter with bit 63 set at slot + 16 d on BeginQuery and at
 * slot + 16 d + 8 on EndQuery; WriteQuery(OCCLUSION) writes the bare counter at address + d x stride.
 */
class DepthBlockQueryLayoutTest {
    static final int DBS = 4;
    static final long SLOT = 0x1000;

    static RenderBackEndQueryProtocol rbs() {
        return new RenderBackEndQueryProtocol(new TileMap(DBS, 8));
    }

    /** Four DBs sharing one memory; {@link #send} delivers a marker to every DB, in order. */
    static final class Rig {
        final Engine engine = new Engine(10_000);
        final DeviceMemory memory = new DeviceMemory(256);
        final List<BoundedQueue<Work>> inputs = new ArrayList<>();
        long now;

        Rig() {
            MemorySystem ms = new MemorySystem(engine, memory, MemorySystem.Params.single(64, 20, 64));
            DrawTracker draws = new DrawTracker();
            StageWiring wiring = new StageWiring(engine, new PipelineDrain(engine, ms), draws, RunMode.TIMED,
                    new RunLength());
            PipelineCounters counters = new PipelineCounters();
            TileMap tiles = new TileMap(DBS, 8);
            gpusim.gpu.IdleComponent src = new gpusim.gpu.IdleComponent("src");
            gpusim.gpu.IdleComponent sink = new gpusim.gpu.IdleComponent("sink");
            engine.add(src);
            List<DepthBlock> dbs = new ArrayList<>();
            for (int d = 0; d < DBS; d++) {
                BoundedQueue<Work> in = engine.queue("in" + d, 16, 1);
                DepthBlock db = new DepthBlock(wiring, counters, tiles, d, in, new DepthBlockCore(d, tiles, false),
                        new FunctionalLanes(DBS, 1, 0), new SampleWorkLimit(Long.MAX_VALUE, draws),
                        new java.util.ArrayDeque<>(), new java.util.ArrayDeque<>(), new gpusim.gpu.cb.QuadsInFlight(),
                        new RenderBackEndQueryProtocol(tiles), gpusim.gpu.PipelineParams.of(Config.defaults()).db());
                dbs.add(db);
                inputs.add(in);
                engine.add(db);
            }
            engine.add(sink);
            ms.register();
            for (int d = 0; d < DBS; d++) {
                inputs.get(d).connect(src, dbs.get(d));
                dbs.get(d).connect(engine.<Work>queue("out" + d, 16, 1).connect(dbs.get(d), sink));
            }
        }

        /** Sends marker {@code m}, its per-DB counter snapshot {@code counters}, and runs until it has landed. */
        Marker send(Marker m, long... counters) {
            m.progress().broadcast(DBS);
            for (int d = 0; d < DBS; d++) {
                m.progress().count(d, counters[d]);
            }
            for (BoundedQueue<Work> q : inputs) {
                assertTrue(q.push(m, engine.now()));
            }
            engine.run(() -> false);
            assertEquals(0, m.progress().pendingWrites(), "every counter write landed");
            assertTrue(m.progress().allLanded(), "every expected write landed");
            return m;
        }
    }

    static OcclusionMarker occlusion(boolean end, long slot) {
        return new OcclusionMarker(end, slot, false, end ? "end" : "begin", new MarkerProgress(DBS, 0));
    }

    @Test
    void beginAndEndWordsOfEachDbWithTheWrittenBit() {
        Rig r = new Rig();
        r.send(occlusion(false, SLOT), 100, 7, 0, 1L << 40);
        for (int d = 0; d < DBS; d++) {
            assertEquals(0, r.memory.readLong(SLOT + 16L * d + 8), "no end word yet for DB " + d);
        }
        assertEquals(100 | QueryLayout.WRITTEN, r.memory.readLong(SLOT));
        assertEquals(7 | QueryLayout.WRITTEN, r.memory.readLong(SLOT + 16));
        assertEquals(QueryLayout.WRITTEN, r.memory.readLong(SLOT + 32), "a zero counter is still marked written");
        assertEquals((1L << 40) | QueryLayout.WRITTEN, r.memory.readLong(SLOT + 48));
        r.send(occlusion(true, SLOT), 130, 7, 12, (1L << 40) + 5);
        long[] expectEnd = {130, 7, 12, (1L << 40) + 5};
        for (int d = 0; d < DBS; d++) {
            assertEquals(expectEnd[d] | QueryLayout.WRITTEN, r.memory.readLong(SLOT + 16L * d + 8), "end word of DB " + d);
        }
        assertEquals(0, r.memory.readLong(SLOT + 16L * DBS), "nothing written past the slot");
        assertEquals(0, r.memory.readLong(SLOT - 8), "nothing written before the slot");
        // ResolveQueryData over that memory: the sum over DBs of end - begin = 30 + 0 + 12 + 5
        byte[] bytes = new byte[(int) rbs().slotBytes()];
        r.memory.read(SLOT, bytes, 0, bytes.length);
        QueryState st = new QueryState(1);
        st.begin(0, QueryType.OCCLUSION);
        st.end(0, QueryType.OCCLUSION, null);
        assertArrayEquals(new long[] {47}, new QueryResolver(rbs()).resolve(QueryType.OCCLUSION, QueryHeapType.OCCLUSION,
                st, 0, 1, MemoryRequest.write(0, bytes, null, null)).words());
    }

    // ID3D11DeviceContextX::WriteQuery(OCCLUSION): each DB writes its own 64-bit counter at
    // OFFSET + DB x STRIDE.
    @Test
    void writeQueryPutsEachDbsCounterAtItsStride() {
        for (int stride : new int[] {64, 128, 256}) {
            Rig r = new Rig();
            r.send(new WriteQueryMarker(0x800, stride, 0, false, "write_query", new MarkerProgress(DBS, 0)), 11, 22, 33, 44);
            for (int d = 0; d < DBS; d++) {
                assertEquals(11L * (d + 1), r.memory.readLong(0x800 + (long) stride * d), "DB " + d + " at stride " + stride);
                assertEquals(0, r.memory.readLong(0x800 + (long) stride * d + 8));
            }
        }
    }
}
