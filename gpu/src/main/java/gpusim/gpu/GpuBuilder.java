package gpusim.gpu;

import gpusim.api.CommandListType;
import gpusim.config.BackEndKind;
import gpusim.config.Config;
import gpusim.config.SimKeys;
import gpusim.gpu.clip.Clipper;
import gpusim.gpu.cp.CommandProcessor;
import gpusim.gpu.cp.FenceTable;
import gpusim.gpu.cp.Host;
import gpusim.gpu.db.DepthBlockCore;
import gpusim.gpu.db.FunctionalLanes;
import gpusim.gpu.db.SampleWorkLimit;
import gpusim.gpu.ia.InputAssembler;
import gpusim.gpu.raster.Rasterizer;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.se.ShaderArray;
import gpusim.gpu.setup.SetupStage;
import gpusim.gpu.vs.VertexStage;
import gpusim.gpu.work.TileBatch;
import gpusim.gpu.work.Work;
import gpusim.memory.DeviceMemory;
import gpusim.memory.L2Params;
import gpusim.memory.MemorySystem;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.trace.TopCommand;
import gpusim.trace.Trace;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Wires the modelled GPU for a trace: reads the configuration once into parameter records
 * ({@link PipelineParams} for the blocks' timing, {@link SimulationParams} for the run
 * itself, the memory's own), builds every block with its own record, joins them with
 * bounded queues, and registers them with the engine front of the pipe first. No block
 * reads the configuration; the back end is the {@link BackEndKind} of backend.kind, built by
 * its {@link BackEndFactory}. {@link Gpu} runs what this wired.
 */
final class GpuBuilder {
    /**
     * The run's own settings, read once: the deadlock window, placement alignment, the
     * queues between the front-end stages, host threads for the DBs' functional work, the
     * depth blocks' HiZ and kernels, the work limit, and the mode.
     */
    record SimulationParams(long deadlockCycles, long memoryAlignment, int queueDepth, int queueLatency, int threads,
                            long threadsAfterNanos, gpusim.gpu.db.HizParams hiz, gpusim.gpu.db.TileKernel.Mode kernels,
                            long maxSamples, RunMode mode) {
        static SimulationParams of(Config c, int dbCount) {
            int threads = c.getInt(SimKeys.SIM_THREADS);
            if (threads == 0) {
                threads = Math.min(dbCount, Runtime.getRuntime().availableProcessors());
            }
            return new SimulationParams(c.get(SimKeys.DEADLOCK_CYCLES), c.get(MemorySystem.MEMORY_ALIGNMENT),
                    c.getInt(PipelineParams.QUEUE_DEPTH), c.getInt(PipelineParams.QUEUE_LATENCY), threads,
                    c.get(SimKeys.SIM_THREADS_AFTER) * 1_000_000L, gpusim.gpu.db.HizParams.of(c),
                    gpusim.gpu.db.TileKernel.Mode.of(c.choice(SimKeys.SIM_KERNELS)), c.get(SimKeys.MAX_SAMPLES),
                    c.choice(SimKeys.SIM_MODE) == SimKeys.Mode.FUNCTIONAL ? RunMode.FUNCTIONAL : RunMode.TIMED);
        }
    }

    final Trace trace;
    final Engine engine;
    final RunMode mode;
    final DrawTracker draws = new DrawTracker();
    final PipelineCounters counters = new PipelineCounters();
    final RunLength runLength = new RunLength();
    final PipelineDrain drain;
    final DeviceMemory deviceMemory;
    final MemorySystem memorySystem;
    final Resources res;
    final CommandProcessor cp;
    final Host host;
    final FenceTable fences;
    final List<CommandProcessor> engines = new ArrayList<>();
    final BackEnd backEnd;
    final ShaderArray shaders;
    final List<Component> components = new ArrayList<>();
    final List<Component> tracks = new ArrayList<>();
    final FunctionalLanes lanes;
    final SampleWorkLimit workLimit;
    final InputAssembler ia;
    final TileMap tiles;
    final long timestampHz;

    GpuBuilder(Trace trace, Config config) {

        this.trace = trace;
        if (config.choice(SimKeys.SIM_MODE) == SimKeys.Mode.FUNCTIONAL) {
            config = stepTimings(config);
        }
        // backend.kind: the back end names its tile owners, then plans itself over them.
        tiles = tileMap(config);
        BackEndFactory.Plan plan = BackEndFactory.of(BackEndKind.of(config)).plan(config, tiles);
        SimulationParams sim = SimulationParams.of(config, tiles.dbCount);
        PipelineParams params = PipelineParams.of(config);
        timestampHz = params.cp().timestampHz();
        engine = new Engine(sim.deadlockCycles());
        DeviceMemory mem = new DeviceMemory(sim.memoryAlignment());
        MemorySystem memory = new MemorySystem(engine, mem, MemorySystem.Params.of(config),
                gpusim.memory.L2Params.of(config));
        deviceMemory = mem;
        memorySystem = memory;
        mode = sim.mode();
        drain = new PipelineDrain(engine, memory);
        memory.onIdle(drain::maybeIdle);
        StageWiring wiring = new StageWiring(engine, drain, draws, mode, runLength);
        CommandProcessor.Links links = new CommandProcessor.Links(engine, memory, drain, counters, draws, tiles);
        // The back end's query protocol comes before the back end: the query heaps are placed by it.
        res = new Resources(trace.resources(), mem, plan.queryProtocol(), tiles.tileSize, params.surfaces().inMemory(),
                params.surfaces().color());
        int depth = sim.queueDepth();
        int latency = sim.queueLatency();
        ArrayDeque<TileBatch> tilePool = new ArrayDeque<>();
        lanes = new FunctionalLanes(tiles.dbCount, sim.threads(), sim.threadsAfterNanos());
        DepthBlockCore[] cores = new DepthBlockCore[tiles.dbCount];
        for (int d = 0; d < tiles.dbCount; d++) {
            cores[d] = new DepthBlockCore(d, tiles, sim.hiz(), sim.kernels());
        }

        BoundedQueue<Work> cpToIa = engine.queue("cp->ia", depth, latency);
        BoundedQueue<Work> iaToVs = engine.queue("ia->vs", depth, latency);
        // Shaded batches wait out shader.latency here: its capacity is the waves the shaders hold.
        BoundedQueue<Work> vsToClip = engine.queue("vs->clip", params.shaders().vertexQueueCapacity(depth), latency);
        BoundedQueue<Work> clipToSetup = engine.queue("clip->setup", depth, latency);
        BoundedQueue<Work> setupToRaster = engine.queue("setup->raster", depth, latency);

        host = new Host(engine, drain, memory, mem, res, trace.submissions());
        fences = new FenceTable(engine);
        cp = new CommandProcessor(links, res, CommandListType.DIRECT, fences, host, trace.submissions(), params.cp());
        engines.add(cp);
        for (CommandListType q : queuesUsed(trace)) {
            if (q != CommandListType.DIRECT) {
                engines.add(new CommandProcessor(links, res, q, fences, host, trace.submissions(), params.cp()));
            }
        }
        for (CommandProcessor e : engines) {
            host.addQueue(e.queue(), e);
        }
        ia = new InputAssembler(wiring, counters, memory, memory.params().line(), cpToIa, res, params.ia());
        shaders = new ShaderArray(params.shaders(), counters.value);
        VertexStage vs = new VertexStage(wiring, counters, iaToVs, shaders, params.vs());
        Clipper clip = new Clipper(wiring, counters, vsToClip, params.setup());
        SetupStage setup = new SetupStage(wiring, clipToSetup, params.setup());
        Rasterizer raster = new Rasterizer(wiring, setupToRaster, tiles, tilePool, params.raster());
        workLimit = new SampleWorkLimit(sim.maxSamples(), draws);
        backEnd = plan.build(new BackEndContext(wiring, counters, tiles, params, shaders, cores, lanes, workLimit,
                tilePool, depth, latency, memory));

        if (params.flushAtHostSync() && !mode.functional()) {
            // memory.flush_at_host_sync: the RBs' caches, then the L2; the CPU reads when both have landed.
            List<gpusim.sim.Component> path = new ArrayList<>(backEnd.surfaceCaches());
            path.addAll(memory.l2Slices());
            path.addAll(memory.channels());
            host.releaseWith(new gpusim.gpu.cp.HostRelease(engine,
                    List.of(backEnd::flushSurfaceCaches, memory::flushL2), path));
        }
        // Front of the pipe first: the engine ticks back to front.
        add(host);
        for (CommandProcessor e : engines) {
            add(e);
        }
        add(ia);
        add(vs);
        add(clip);
        add(setup);
        add(raster);
        for (Component c : backEnd.components()) {
            add(c);
        }
        add(memory);
        // The channels are the memory's clocked parts; registered last, they are ticked first
        // in a cycle (channel 0 first), as the single memory was before them.
        memory.registerChannels();
        tracks.addAll(components);
        tracks.addAll(memory.channels());

        cp.connect(cpToIa.connect(cp, ia));
        ia.connect(iaToVs.connect(ia, vs));
        vs.connect(vsToClip.connect(vs, clip));
        clip.connect(clipToSetup.connect(clip, setup));
        setup.connect(setupToRaster.connect(setup, raster));
        raster.connect(backEnd);
        // WriteQuery NO_WAIT samples a DB's counter as the DB has counted it when the command
        // processor gets there, in simulated time (not the functional core's, which runs ahead).
        cp.connect((db, counter) -> backEnd.countedBy(db, counter, engine.now()));
        backEnd.wire(raster);
        for (BoundedQueue<?> q : engine.queues()) {
            drain.addQueue(q);
        }
        for (Component c : components) {
            if (c != host && !engines.contains(c) && c != memory) {
                drain.addDrainable(c);
            }
        }
        engine.wakeAt(host, 0);
        }

    /** Which unit of {@code c}'s back end owns which screen tile: its tile owners, db.tile_size, db.pattern, db.enabled. */
    static TileMap tileMap(Config c) {
        return tileMap(c, BackEndFactory.tileOwners(c));
    }

    /** {@code owners} tile owners (DBs or ROP units) with db.tile_size, db.pattern and db.enabled. */
    static TileMap tileMap(Config c, int owners) {
        return new TileMap(owners, c.getInt(PipelineParams.DB_TILE),
                c.choice(PipelineParams.DB_PATTERN), c.validate().get(PipelineParams.DB_ENABLED));
    }

    /** The queues a trace submits work, signals or waits to, in D3D12_COMMAND_LIST_TYPE order. */
    private static java.util.Set<CommandListType> queuesUsed(Trace trace) {
        java.util.Set<CommandListType> used = java.util.EnumSet.noneOf(CommandListType.class);
        for (TopCommand t : trace.submissions()) {
            if (t instanceof TopCommand.Execute e) {
                used.add(e.queue());
            } else if (t instanceof TopCommand.Signal sg) {
                used.add(sg.queue());
            } else if (t instanceof TopCommand.Wait w) {
                used.add(w.queue());
            }
        }
        return used;
    }

    /**
     * Functional mode: the machine's own timings set to their fastest (one step a command,
     * a queue crossing, a memory access, a poll), so a run takes as few engine steps as its
     * order of work allows; the stages charge one step an item themselves ({@link Stage}).
     * Results never depend on these keys (the golden tests rerun every case with others).
     */
    private static Config stepTimings(Config c) {
        return c.with(PipelineParams.QUEUE_LATENCY, 1)
                .with(MemorySystem.MEMORY_LATENCY, 1)
                .with(L2Params.L2_HIT_LATENCY, 1)
                .with(MemorySystem.MEMORY_PARTIAL_WRITE, 0)
                .with(MemorySystem.MEMORY_BYTES_PER_CYCLE, MemorySystem.MEMORY_BYTES_PER_CYCLE.max())
                .with(PipelineParams.CP_CYCLES, 1)
                .with(PipelineParams.POLL_CYCLES, 1)
                .with(PipelineParams.SHADER_UNITS, PipelineParams.SHADER_UNITS.max());
    }

    private void add(Component c) {
        engine.add(c);
        components.add(c);
    }

}
