package gpusim.gpu;

import gpusim.config.Config;
import gpusim.gpu.cp.CommandProcessor;
import gpusim.gpu.cp.FenceTable;
import gpusim.gpu.cp.Host;
import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.db.FunctionalLanes;
import gpusim.gpu.db.SampleWorkLimit;
import gpusim.trace.TraceWork;
import gpusim.gpu.ps.ColorSurface;
import gpusim.gpu.ia.InputAssembler;
import gpusim.gpu.rb.RenderBackEnds;
import gpusim.gpu.se.ShaderArray;
import gpusim.gpu.query.QueryResolver;
import gpusim.gpu.query.QueryState;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.MarkerProgress;
import gpusim.memory.DeviceMemory;
import gpusim.sim.MemoryRequest;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.StatGroup;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import java.util.ArrayList;
import java.util.List;

/**
 * The modelled GPU: the command processor, input assembly, vertex stage, clipper, setup,
 * rasterizer and the back end ({@link RenderBackEnds} by default: {@code db.count} depth blocks and
 * colour back ends, the shader engines, the end of the pipe), joined by bounded queues,
 * with a memory that carries every query, resolve, predication and copy access. Build one
 * for a trace and configuration, then {@link #run()}.
 */
public final class Gpu {
    private final Engine engine;
    /** sim.mode=functional: the run counts steps, not cycles. */
    private final boolean functional;
    private final DrawTracker draws;
    private final RunLength runLength;
    /** Device memory (the query heaps are decoded from it). */
    private final DeviceMemory memory;
    private final Resources res;
    private final CommandProcessor cp;
    private final Host host;
    private final FenceTable fences;
    /** Every queue's engine, DIRECT first (the others only when the trace submits to their queue). */
    private final List<CommandProcessor> engines = new ArrayList<>();
    private final BackEnd backEnd;
    private final ShaderArray shaders;
    private final List<Component> components = new ArrayList<>();
    private final List<Component> tracks = new ArrayList<>();
    private final Trace trace;
    private final FunctionalLanes lanes;
    private final SampleWorkLimit workLimit;
    private final InputAssembler ia;
    private final TileMap tiles;

    /** Builds the GPU for {@code trace} on the machine {@code config} describes ({@link GpuBuilder}). */
    public Gpu(Trace trace, Config config) {
        this(new GpuBuilder(trace, config));
    }

    /** Takes the parts a builder wired. */
    private Gpu(GpuBuilder b) {
        this.trace = b.trace;
        this.engine = b.engine;
        this.functional = b.mode.functional();
        this.draws = b.draws;
        this.runLength = b.runLength;
        this.memory = b.deviceMemory;
        this.memorySystem = b.memorySystem;
        this.res = b.res;
        this.cp = b.cp;
        this.host = b.host;
        this.fences = b.fences;
        this.engines.addAll(b.engines);
        this.backEnd = b.backEnd;
        this.shaders = b.shaders;
        this.components.addAll(b.components);
        this.tracks.addAll(b.tracks);
        this.lanes = b.lanes;
        this.workLimit = b.workLimit;
        this.ia = b.ia;
        this.tiles = b.tiles;
        this.timestampHz = b.timestampHz;
    }

    private final long timestampHz;
    /** The memory system: the end-of-run L2 flush (l2.flush_at_end) goes through it. */
    private final gpusim.memory.MemorySystem memorySystem;

    /** Every fence signal and satisfied queue wait of the run, in the order they happened. */
    public List<FenceTable.Event> fenceEvents() {
        return fences.events();
    }

    public RunResult run() {
        return run(null);
    }

    /** Counts, per pixel of every depth-stencil surface, how often it is covered and depth-tested (for pictures). */
    public void recordOverdraw() {
        for (DepthSurface d : res.depthSurfaces().values()) {
            d.recordOverdraw();
        }
    }

    /** Attaches a hook that sees every component's busy and stalled spans, events and queue depths. */
    public void setHook(gpusim.sim.TraceHook hook) {
        engine.setHook(hook);
    }

    /** The components, front of the pipe first, then the memory channels (for naming timeline tracks). */
    public List<Component> components() {
        return tracks;
    }

    /** Told now and then how far a run has got (for a progress display); never changes the run. */
    public interface Progress {
        /**
         * @param verticesDone  input-assembly work done so far (vertices: a draw's count x instances)
         * @param verticesTotal the trace's whole input-assembly work ({@link TraceWork#vertices(List)})
         */
        void update(long cycle, long verticesDone, long verticesTotal, int submissionsDone, int submissionsTotal);
    }

    /** Runs the trace to completion, telling {@code progress} (if not null) every few thousand engine steps. */
    public RunResult run(Progress progress) {
        long last;
        try (lanes) {
            last = runEngine(progress);
            // surfaces.flush_at_end: the render back ends' depth and colour caches write their dirty
            // lines back first (into the L2 where there is one), so the L2's flush below sees them.
            if (!functional && backEnd.flushesSurfaceCachesAtEnd() && backEnd.flushSurfaceCaches(engine.now()) > 0) {
                last = engine.run(() -> false);
            }
            // l2.flush_at_end: the slices' dirty lines go to the channels once everything else is
            // done, and the run ends when they have (a release to the host before it reads results).
            if (!functional && memorySystem.flushL2AtEnd(engine.now())) {
                last = engine.run(() -> false);
            }
        }
        // Every unit is idle and every lane's work done: the colours kept back land now.
        backEnd.finishFunctional();
        // Functional mode counts steps, not cycles: the report says 0 rather than a misleading figure.
        long cycles = functional ? 0 : last;
        runLength.set(cycles);
        return result(cycles);
    }

    private long runEngine(Progress progress) {
        long last;
        if (progress == null) {
            last = engine.run(() -> false);
        } else {
            int total = trace.submissions().size();
            long vertices = TraceWork.vertices(trace.submissions());
            long[] calls = {0};
            last = engine.run(() -> {
                if ((++calls[0] & 4095) == 0) {
                    progress.update(engine.now(), ia.verticesDone(), vertices, host.submissionsDone(), total);
                }
                return false;
            });
        }
        return last;
    }

    private RunResult result(long cycles) {
        StatGroup root = new StatGroup("gpu", "the modelled GPU");
        for (Component c : components) {
            root.child(c.stats());
        }
        root.child(shaders.stats());
        StatGroup queues = root.child(new StatGroup("queues", "bounded queues between components"));
        for (BoundedQueue<?> q : engine.queues()) {
            StatGroup g = queues.child(new StatGroup(q.name(), "queue " + q.name() + ", capacity "
                    + q.capacity() + ", latency " + q.latency()));
            g.scalar("pushes", "items", "items that entered the queue").set(q.pushes());
            g.scalar("refusals", "attempts", "pushes refused because the queue was full").set(q.refusals());
            g.scalar("peak", "items", "largest occupancy").set(q.peak());
            g.add(q.occupancy(cycles));
        }
        root.child(gpusim.gpu.query.QueryLatency.stats(cp.markers(), draws.draws(), !functional));
        StatGroup totals = root.child(new StatGroup("run", "whole-run figures"));
        totals.scalar("cycles", "cycles", "simulated GPU cycles from the first command to the last completing")
                .set(cycles);
        totals.scalar("draws", "draws", "draws issued").set(draws.draws().size());
        totals.scalar("component_ticks", "ticks", "component ticks the engine ran: the simulator's work, not "
                + "simulated time (docs/performance.md)").set(engine.ticks());
        StatGroup perUnit = totals.child(new StatGroup("ticks", "component ticks per component (where the simulator's "
                + "work goes; an idle component costs none)"));
        for (Component c : engine.components()) {
            perUnit.scalar(c.name(), "ticks", "ticks of " + c.name()).set(engine.ticksOf(c));
        }
        if (functional) {
            // No time is modelled: every figure in cycles reads 0 (model.md, "Functional mode").
            root.untimed();
        }
        List<ColorSurface> colors = new ArrayList<>();
        List<DepthSurface> depths = new ArrayList<>();
        for (Resource r : trace.resources()) {
            if (r instanceof Resource.RenderTarget rt) {
                colors.add(res.color(rt));
            } else if (r instanceof Resource.DepthStencil ds) {
                depths.add(res.depth(ds));
            }
        }
        return new RunResult(cycles, host.dumps(), decodeQueries(), draws.draws(), root,
                timestampHz, engine.ticks(), colors, depths, tiles);
    }

    /** Every used query's result as its heap memory holds it now, decoded as the type last used with it. */
    private List<RunResult.QueryReport> decodeQueries() {
        List<RunResult.QueryReport> out = new ArrayList<>();
        QueryResolver resolver = new QueryResolver(res.queryKinds());
        DeviceMemory mem = memory;
        java.util.Map<String, Long> latency = new java.util.HashMap<>();
        for (CommandProcessor e : engines) {
            for (Marker m : e.markers()) {
                MarkerProgress p = m.progress();
                if (m.label().endsWith(" end") && p.landedAt() > 0 && !functional) {
                    latency.put(m.label(), p.landedAt() - p.issuedAt());
                }
            }
        }
        for (Resource.QueryHeap h : trace.resources(Resource.QueryHeap.class)) {
            QueryState st = res.queryState(h);
            int slot = (int) res.queryKind(h).slotBytes();
            for (int i = 0; i < h.count(); i++) {
                if (!st.used(i)) {
                    continue;
                }
                byte[] bytes = new byte[slot];
                mem.read(res.querySlot(h, i), bytes, 0, slot);
                MemoryRequest fake = MemoryRequest.write(0, bytes, null, null);
                QueryResolver.Result r = resolver.resolve(st.lastType(i), h.type(), st, i, 1, fake);
                long[] values = r == null ? new long[0] : r.words();
                String label = h.name() + "[" + i + "] " + st.lastType(i) + " end";
                out.add(new RunResult.QueryReport(h.name(), i, st.lastType(i).name(), values, st.ended(i),
                        latency.getOrDefault(label, -1L)));
            }
        }
        return out;
    }
}
