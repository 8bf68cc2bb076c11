package gpusim.gpu.rop;

import gpusim.config.Config;
import gpusim.gpu.BackEnd;
import gpusim.gpu.BackEndContext;
import gpusim.gpu.BackEndFactory;
import gpusim.gpu.TiledBackEnd;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.PipelineParams;
import gpusim.gpu.StageWiring;
import gpusim.gpu.TimestampClock;
import gpusim.gpu.cb.ColorBackEnd;
import gpusim.gpu.cb.QuadsInFlight;
import gpusim.gpu.db.DepthBlock;
import gpusim.gpu.db.DepthBlockCore;
import gpusim.gpu.db.DepthWriteHazard;
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
import gpusim.sim.Component;
import gpusim.sim.Engine;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * NVIDIA-style ROPs, the second {@link BackEnd}: {@code rop.partitions} memory partitions
 * (one per memory channel by default) with {@code rop.units_per_partition} ROP units each
 * own the screen tiles (ROP u in partition u / units_per_partition; the tile map is over the
 * units, so each unit's functional work runs through its own {@link DepthBlockCore}, as a
 * DB's does). The Fermi and Turing whitepapers tie the ROP partitions to the memory
 * controllers and L2 slices, reached from the SMs through a crossbar. A ROP unit's depth
 * half (the depth-block unit: ZCULL-style tile bounds, early depth/stencil, its ZPASS
 * counter) tests its tiles and packs waves for the shader engines; the shaded waves cross
 * the {@link Crossbar} to the unit's colour half (the colour-back-end unit: late depth,
 * blend, colour writes). Occlusion counters are not written per unit: the end of the pipe
 * joins each occlusion marker and the {@link ReportSemaphore} writes one report of the
 * units' counts summed on chip ({@link RopQueryProtocol}).
 *
 * <pre>
 *            raster (binning)                    queue.depth triangle batches
 *       ┌────────┼──────────┐
 *     rop0.z   rop1.z ... ropN-1.z               ZCULL, early Z, ZPASS counter  (stats db0..)
 *       └──se0───┘   ...  seK-1                  shader engines, as on the RBs
 *       └────────┼──────────┘
 *              xbar                              rop.crossbar_quads_per_clock, rop.crossbar_latency
 *       ┌────────┼──────────┐
 *     rop0.c   rop1.c ... ropN-1.c               late Z, blend, colour writes   (stats cb0..)
 *       └────────┼──────────┘
 *               eop                              joins every marker's copies: statistics, timestamps
 *                │  rop.report_latency           on-chip sum of the ROPs' ZPASS counts
 *             report                             one 16-byte {count, timestamp} per Begin/EndQuery
 * </pre>
 */
public final class RopBackEnd extends TiledBackEnd {
    private final List<BoundedQueue<Work>> zToSe;
    private final List<BoundedQueue<Work>> seToXbar;
    private final List<BoundedQueue<Work>> xbarToC;
    private final List<BoundedQueue<Work>> cToEop;
    private final BoundedQueue<Work> eopToReport;
    private final List<ColorBackEnd> colorUnits = new ArrayList<>();
    private final ShaderEngine[] seOf;
    private final Crossbar xbar;
    private final EndOfPipe eop;
    private final ReportSemaphore report;
    private final RopQueryProtocol queries;

    /**
     * backend.kind=rops: the rop.* parameters and the ROPs' occlusion protocol (one summed
     * report per query), then the back end ({@link gpusim.gpu.BackEndFactory}).
     */
    public static BackEndFactory.Plan plan(Config config, TileMap tiles) {
        RopParams rop = RopParams.of(config);
        RopQueryProtocol queries = new RopQueryProtocol();
        return new BackEndFactory.Plan(queries, c -> new RopBackEnd(c, rop, queries));
    }

    /**
     * Builds the back end's components and queues on the context's engine; the ROP units'
     * depth halves count in its counters and own the screen tiles of its tile map (one
     * owner per ROP unit, one functional core per unit).
     */
    public RopBackEnd(BackEndContext c, RopParams rop, RopQueryProtocol queries) {
        StageWiring wiring = c.wiring();
        PipelineCounters counters = c.counters();
        TileMap tiles = c.tiles();
        PipelineParams p = c.params();
        ShaderArray shaders = c.shaders();
        DepthBlockCore[] cores = c.cores();
        int depth = c.queueDepth();
        int latency = c.queueLatency();
        Engine engine = wiring.engine();
        int n = cores.length;
        if (n != rop.units() || tiles.dbCount != n) {
            throw new IllegalArgumentException("the tile map has " + tiles.dbCount + " owners for " + rop.units()
                    + " ROP units");
        }
        this.queries = queries;
        int waves = p.waveQueueDepth();
        inputs.addAll(queues(n, u -> engine.queue("raster->rop" + u, depth, latency)));
        zToSe = queues(n, u -> engine.queue("rop" + u + "->se" + shaders.engineOf(u, n), waves, latency));
        // Shaded waves wait out shader.latency here: its capacity is the waves their engine holds.
        seToXbar = queues(n, u -> engine.queue("se" + shaders.engineOf(u, n) + "->xbar" + u,
                p.shaders().pixelQueueCapacity(waves, shaders.ownersOf(shaders.engineOf(u, n), n)), latency));
        xbarToC = queues(n, u -> engine.queue("xbar->rop" + u, waves, latency));
        cToEop = queues(n, u -> engine.queue("rop" + u + "->eop", depth, latency));
        // The reduction tree's depth is the queue's latency: reports pipeline through it.
        eopToReport = engine.queue("eop->report", depth, (int) Math.max(1, rop.reportLatency()));
        ArrayDeque<QuadWave> wavePool = new ArrayDeque<>();
        PipelineParams.DepthBlockParams zParams = rop.depth(p.db());
        PipelineParams.ColorBackEndParams cParams = rop.color();
        for (int u = 0; u < n; u++) {
            QuadsInFlight inFlight = new QuadsInFlight();
            DepthBlock z = new DepthBlock(wiring, counters, tiles, u, inputs.get(u), cores[u], c.lanes(), c.workLimit(),
                    wavePool, c.tilePool(), inFlight, queries, zParams);
            ColorBackEnd cu = new ColorBackEnd(wiring, u, xbarToC.get(u), wavePool, inFlight, cParams);
            if (rop.zcullWaitsForWrites()) {
                DepthWriteHazard hazard = new DepthWriteHazard();
                z.connectHazard(hazard);
                cu.connectHazard(hazard);
                hazard.depthWork(cu::depthWork);
            }
            depthBlocks.add(z);
            colorUnits.add(cu);
            // The unit's DB and CB halves are named db/cb U in its statistics (see DepthBlock).
            surfaceCaches(wiring, p.surfaces(), p.flushAtHostSync(), "db" + u, "cb" + u, z, cu, tiles, c.memory(), true);
        }
        seOf = new ShaderEngine[n];
        List<ShaderEngine> ses = ShaderEngine.forOwners(wiring, shaders, zToSe, seToXbar, p.shaders(), seOf);
        xbar = new Crossbar(wiring, seToXbar, xbarToC, rop);
        TimestampClock clock = new TimestampClock(p.cp().clockHz(), p.cp().timestampHz());
        eop = new EndOfPipe(wiring, cToEop, clock, p.eop());
        report = new ReportSemaphore(wiring, eopToReport, n, queries, clock);
        components.addAll(depthBlocks);
        components.addAll(ses);
        components.add(xbar);
        components.addAll(colorUnits);
        components.add(eop);
        components.add(report);
        components.addAll(caches);
    }

    private static List<BoundedQueue<Work>> queues(int n, IntFunction<BoundedQueue<Work>> make) {
        List<BoundedQueue<Work>> l = new ArrayList<>(n);
        for (int u = 0; u < n; u++) {
            l.add(make.apply(u));
        }
        return l;
    }

    @Override
    public void wire(Component binner) {
        for (int u = 0; u < inputs.size(); u++) {
            DepthBlock z = depthBlocks.get(u);
            ColorBackEnd c = colorUnits.get(u);
            inputs.get(u).connect(binner, z);
            z.connect(zToSe.get(u).connect(z, seOf[u]));
            seToXbar.get(u).connect(seOf[u], xbar);
            xbarToC.get(u).connect(xbar, c);
            c.connect(cToEop.get(u).connect(c, eop));
        }
        eop.connectReports(eopToReport.connect(eop, report));
    }

    @Override
    public RopQueryProtocol queryProtocol() {
        return queries;
    }
}
