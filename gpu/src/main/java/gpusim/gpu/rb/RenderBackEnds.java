package gpusim.gpu.rb;

import gpusim.config.Config;
import gpusim.gpu.BackEnd;
import gpusim.gpu.BackEndContext;
import gpusim.gpu.BackEndFactory;
import gpusim.gpu.TiledBackEnd;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.StageWiring;
import gpusim.gpu.PipelineParams;
import gpusim.gpu.cb.ColorBackEnd;
import gpusim.gpu.cb.QuadsInFlight;
import gpusim.gpu.db.DepthBlock;
import gpusim.gpu.db.DepthBlockCore;
import gpusim.gpu.db.FunctionalLanes;
import gpusim.gpu.db.SampleWorkLimit;
import gpusim.gpu.eop.EndOfPipe;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.se.ShaderArray;
import gpusim.gpu.se.ShaderEngine;
import gpusim.gpu.work.QuadWave;
import gpusim.gpu.work.TileBatch;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.sim.MemoryPort;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * AMD-style render back ends, the first {@link BackEnd}: per screen-tile owner a render
 * back end (RB) made of a depth block (HiZ, early depth/stencil, occlusion counters) and a
 * colour back end (late depth/stencil, blend, colour writes), the RBs grouped into shader
 * engines whose units shade their pixel waves, and the end of the pipe joining every RB
 * (PAL and radeonsi program DB and CB per RB, and group RBs per shader engine).
 *
 * <pre>
 *            raster (binning)
 *       ┌────────┼─────────┐          queue.depth triangle batches
 *      db0      db1  ...  dbN-1       HiZ, scan, early Z; waves of ps.wave_quads quads
 *       └──se0───┘   ...  seK-1       shader engines: pixel waves + vertex work, shader.units / K each
 *      cb0      cb1  ...  cbN-1       late Z, blend, colour writes per sample
 *       └────────┼─────────┘
 *               eop                   joins each marker's copies: statistics, end-of-pipe events
 * </pre>
 */
public final class RenderBackEnds extends TiledBackEnd {

    /**
     * backend.kind=render_back_ends: the RBs' occlusion protocol over the DBs of {@code tiles},
     * then the back end ({@link gpusim.gpu.BackEndFactory}).
     */
    public static BackEndFactory.Plan plan(Config config, TileMap tiles) {
        RenderBackEndQueryProtocol queries = new RenderBackEndQueryProtocol(tiles);
        return new BackEndFactory.Plan(queries, c -> new RenderBackEnds(c, queries));
    }

    /**
     * Builds the back end's components and queues on the context's engine; the DBs count in
     * its counters and own the screen tiles of its tile map.
     *
     * @param queries the RBs' occlusion query protocol, for the DBs of the tile map (made
     *                before the back end, since the query heaps are placed by it)
     */
    public RenderBackEnds(BackEndContext c, RenderBackEndQueryProtocol queries) {
        StageWiring wiring = c.wiring();
        PipelineCounters counters = c.counters();
        TileMap tiles = c.tiles();
        PipelineParams p = c.params();
        ShaderArray shaders = c.shaders();
        DepthBlockCore[] cores = c.cores();
        int depth = c.queueDepth();
        int latency = c.queueLatency();
        Engine engine = wiring.engine();
        this.queries = queries;
        int n = cores.length;
        int waves = p.waveQueueDepth();
        ArrayDeque<QuadWave> wavePool = new ArrayDeque<>();
        List<BoundedQueue<Work>> dbToSe = new ArrayList<>();
        List<BoundedQueue<Work>> seToCb = new ArrayList<>();
        List<BoundedQueue<Work>> cbToEop = new ArrayList<>();
        for (int d = 0; d < n; d++) {
            inputs.add(engine.queue("raster->db" + d, depth, latency));
        }
        for (int d = 0; d < n; d++) {
            dbToSe.add(engine.queue("db" + d + "->se" + shaders.engineOf(d, n), waves, latency));
        }
        for (int d = 0; d < n; d++) {
            // Shaded waves wait out shader.latency here: its capacity is the waves their engine holds.
            seToCb.add(engine.queue("se" + shaders.engineOf(d, n) + "->cb" + d,
                    p.shaders().pixelQueueCapacity(waves, shaders.ownersOf(shaders.engineOf(d, n), n)), latency));
        }
        for (int d = 0; d < n; d++) {
            cbToEop.add(engine.queue("cb" + d + "->eop", depth, latency));
        }
        seOf = new ShaderEngine[n];
        List<ColorBackEnd> cbs = new ArrayList<>();
        for (int d = 0; d < n; d++) {
            QuadsInFlight inFlight = new QuadsInFlight();
            DepthBlock db = new DepthBlock(wiring, counters, tiles, d, inputs.get(d), cores[d], c.lanes(), c.workLimit(),
                    wavePool, c.tilePool(), inFlight, queries, p.db());
            depthBlocks.add(db);
            ColorBackEnd cb = new ColorBackEnd(wiring, d, seToCb.get(d), wavePool, inFlight, p.cb());
            cbs.add(cb);
            surfaceCaches(wiring, p.surfaces(), p.flushAtHostSync(), "db" + d, "cb" + d, db, cb, tiles, c.memory(), false);
        }
        ses.addAll(ShaderEngine.forOwners(wiring, shaders, dbToSe, seToCb, p.shaders(), seOf));
        eop = new EndOfPipe(wiring, cbToEop, new gpusim.gpu.TimestampClock(p.cp().clockHz(), p.cp().timestampHz()),
                p.eop());
        this.dbToSe = dbToSe;
        this.seToCb = seToCb;
        this.cbToEop = cbToEop;
        this.cbs = cbs;
        components.addAll(depthBlocks);
        components.addAll(ses);
        components.addAll(cbs);
        components.add(eop);
        components.addAll(caches);
    }

    private final RenderBackEndQueryProtocol queries;
    private final List<ShaderEngine> ses = new ArrayList<>();
    private final ShaderEngine[] seOf;
    private final List<ColorBackEnd> cbs;
    private final EndOfPipe eop;
    private final List<BoundedQueue<Work>> dbToSe;
    private final List<BoundedQueue<Work>> seToCb;
    private final List<BoundedQueue<Work>> cbToEop;

    @Override
    public void wire(Component binner) {
        for (int d = 0; d < inputs.size(); d++) {
            inputs.get(d).connect(binner, depthBlocks.get(d));
            depthBlocks.get(d).connect(dbToSe.get(d).connect(depthBlocks.get(d), seOf[d]));
            seToCb.get(d).connect(seOf[d], cbs.get(d));
            cbs.get(d).connect(cbToEop.get(d).connect(cbs.get(d), eop));
        }
    }

    @Override
    public RenderBackEndQueryProtocol queryProtocol() {
        return queries;
    }

    /** The depth blocks, unit order (for connecting their input queues to the binner). */
    public List<DepthBlock> depthBlocks() {
        return depthBlocks;
    }
}
