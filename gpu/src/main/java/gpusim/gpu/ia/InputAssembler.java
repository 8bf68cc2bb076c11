package gpusim.gpu.ia;

import gpusim.api.PrimitiveTopology;
import gpusim.config.ConfigKeys;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.PipeStage;
import gpusim.gpu.StageWiring;
import gpusim.gpu.Resources;
import gpusim.gpu.work.DrawPacket;
import gpusim.gpu.work.GeomBatch;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.StatisticsMarker;
import gpusim.gpu.work.Work;
import gpusim.sim.MemoryPort;
import gpusim.sim.MemoryClient;
import gpusim.sim.MemoryRequest;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Stat;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Input assembly: turns a draw into batches of triangles (lists and strips, indexed or
 * not, instanced), finding each batch's unique vertices so that the vertex stage shades a
 * vertex shared within a batch once. Counts IAVertices and IAPrimitives. Costs
 * ceil(indices / ia.vertices_per_clock) cycles a batch.
 *
 * <p>Index and vertex fetch go through memory: when it assembles a batch, the IA reads
 * the memory lines holding the batch's indices and its unique vertices (32 bytes each),
 * one request per run of consecutive lines, and the batch leaves only when its data is
 * back and its assembly cost has passed. Up to {@code ia.fetch_window} items (batches, and
 * the markers ordered between them) may be waiting for their data at once, so the memory
 * latency overlaps the assembly of later batches (a prefetch window); items leave in
 * order. There is no vertex cache across batches: each batch fetches every line it
 * touches. The functional values still come from the trace's arrays, which hold the same
 * bytes as memory ({@link Resources} writes them there at load).
 */
public final class InputAssembler extends PipeStage implements MemoryRequest.Client {
    public static final int BATCH_PRIMS = 32;

    private final long verticesPerClock;
    private final long[] counters;
    /** Where index and vertex fetches go. */
    private final MemoryPort port;
    // Progress through the current draw.
    private long instance;
    /** Vertices (count x instances, TraceWork) of the draws taken before the current one. */
    private long verticesOfEarlierDraws;
    private DrawPacket currentDraw;
    private long prim;
    private long primsPerInstance;
    private final int[] hashKey = new int[256];
    private final int[] hashVal = new int[256];
    private final int[] hashGen = new int[256];
    private int gen;

    /** The largest fetch window the configuration allows. */
    private static final int MAX_WINDOW = 128;
    private static final Integer[] SLOT_TAGS = new Integer[MAX_WINDOW];

    static {
        for (int i = 0; i < MAX_WINDOW; i++) {
            SLOT_TAGS[i] = i;
        }
    }

    /** Items that may wait for their fetched data at once ({@code ia.fetch_window}, a power of two). */
    private final int fetchWindow;

    private final Resources res;
    private final long line;
    // The window: items in order, each with the fetch requests it still waits for, the
    // cycle its assembly cost ends and the cycle its data was all back.
    private final Work[] window;
    private final int[] pending;
    private final long[] readyAt;
    private final long[] dataAt;
    private int wStart;
    private int wCount;
    private long stepEnd;
    private long windowFullSince = -1;
    private final ArrayDeque<MemoryRequest> unissued = new ArrayDeque<>();
    private long[] lines = new long[256];
    private final Stat.Scalar fetchRequests;
    private final Stat.Scalar fetchLines;
    private final Stat.Scalar fetchWait;
    private final Stat.Scalar windowFull;

    public InputAssembler(StageWiring wiring, PipelineCounters counters, MemoryPort port, int memoryLine,
                          BoundedQueue<Work> in, Resources res,
                          gpusim.gpu.PipelineParams.InputAssemblyParams p) {
        super(wiring, "ia", "input assembly: vertex and index fetch, primitive assembly", in);
        this.verticesPerClock = p.verticesPerClock();
        this.fetchWindow = p.fetchWindow();
        this.window = new Work[fetchWindow];
        this.pending = new int[fetchWindow];
        this.readyAt = new long[fetchWindow];
        this.dataAt = new long[fetchWindow];
        this.counters = counters.value;
        this.port = port;
        this.res = res;
        this.line = memoryLine;
        fetchRequests = stats.scalar("fetch_requests", "requests",
                "memory reads for index and vertex data (one per run of consecutive lines of a batch)");
        fetchLines = stats.scalar("fetch_lines", "lines", "memory lines of index and vertex data read");
        fetchWait = stats.scalar("fetch_wait_cycles", "cycles",
                "sum over batches of the cycles from the end of their assembly to their data being back "
                        + "(when later); part of stall_cycles only while the window is full");
        windowFull = stats.scalar("window_full_cycles", "cycles",
                "cycles the IA could not start a step because its window of " + fetchWindow + " items was full "
                        + "(waiting for their data, or for room in the queue to the vertex stage)");
    }

    @Override
    public boolean tick(long now) {
        boolean progress = drain(now);
        if (wCount == fetchWindow && now >= stepEnd) {
            // A step would start now but its batch would have nowhere to wait: hold the
            // assembler until the window's head leaves (a memory completion or room in the
            // queue to the vertex stage wakes us).
            if (windowFullSince < 0) {
                windowFullSince = now;
            }
            return progress;
        }
        if (windowFullSince >= 0) {
            windowFull.add(now - windowFullSince);
            windowFullSince = -1;
        }
        return super.tick(now) | progress;
    }

    /** Issues refused fetches again and sends on every head item whose data is back and whose cost has passed. */
    private boolean drain(long now) {
        boolean progress = false;
        while (!unissued.isEmpty()) {
            if (!port.request(unissued.peek(), this, now)) {
                break;
            }
            unissued.poll();
            progress = true;
        }
        while (wCount > 0) {
            int s = wStart;
            if (pending[s] > 0) {
                break; // woken by the memory when the data is back
            }
            if (readyAt[s] > now) {
                engine.wakeAt(this, readyAt[s]);
                break;
            }
            if (!out.push(window[s], now)) {
                break; // woken when the vertex stage makes room
            }
            if (window[s] instanceof GeomBatch) {
                fetchWait.add(Math.max(0, dataAt[s] - readyAt[s]));
            }
            window[s] = null;
            wStart = (wStart + 1) & (fetchWindow - 1);
            wCount--;
            progress = true;
        }
        return progress;
    }

    /** Puts an item in the window, to leave at {@code ready} at the earliest; returns its slot. */
    private int enqueue(Work w, long ready) {
        int s = (wStart + wCount) & (fetchWindow - 1);
        window[s] = w;
        pending[s] = 0;
        readyAt[s] = ready;
        dataAt[s] = ready;
        wCount++;
        stepEnd = ready;
        return s;
    }

    @Override
    public void memoryDone(MemoryRequest r, long now) {
        int s = (Integer) r.tag();
        if (--pending[s] == 0) {
            dataAt[s] = now;
            if (s == wStart) {
                engine.wakeAt(this, now);
            }
        }
    }

    /**
     * Reads the lines holding the batch's indices [firstPos, lastPos] (when indexed) and
     * its unique vertices, one request per run of consecutive lines, for window slot {@code s}.
     */
    private void fetch(int s, GeomBatch b, DrawPacket d, long firstPos, long lastPos, long now) {
        int n = 0;
        long indexLo = Long.MAX_VALUE; // the index lines [indexLo, indexHi], for the requests' client
        long indexHi = -1;
        if (d.indexed() && d.state().ib() != null) {
            int isz = d.state().ib().format().bytes();
            long base = res.address(d.state().ib());
            long lo = (base + firstPos * isz) / line;
            long hi = (base + (lastPos + 1) * isz - 1) / line;
            indexLo = lo;
            indexHi = hi;
            for (long l = lo; l < hi + 1; l++) {
                n = addLine(n, l);
            }
        }
        if (d.state().vb() != null) {
            long base = res.address(d.state().vb());
            for (int i = 0; i < b.vertexCount; i++) {
                long a = base + (long) b.sourceVertex[i] * gpusim.trace.Resource.VertexBuffer.BYTES_PER_VERTEX;
                long lo = a / line;
                long hi = (a + gpusim.trace.Resource.VertexBuffer.BYTES_PER_VERTEX - 1) / line;
                for (long l = lo; l < hi + 1; l++) {
                    n = addLine(n, l);
                }
            }
        }
        Arrays.sort(lines, 0, n);
        int i = 0;
        while (i < n) {
            long first = lines[i];
            long last = first;
            i++;
            while (i < n && lines[i] <= last + 1) {
                last = lines[i];
                i++;
            }
            long count = last - first + 1;
            fetchLines.add(count);
            fetchRequests.inc();
            pending[s]++;
            MemoryRequest r = MemoryRequest.fetch(first * line, (int) (count * line), this, SLOT_TAGS[s])
                    .from(first <= indexHi && last >= indexLo ? MemoryClient.INDEX : MemoryClient.VERTEX);
            if (!unissued.isEmpty() || !port.request(r, this, now)) {
                unissued.add(r);
            }
        }
    }

    private int addLine(int n, long l) {
        if (n == lines.length) {
            lines = Arrays.copyOf(lines, n * 2);
        }
        lines[n] = l;
        return n + 1;
    }

    @Override
    public boolean hasPendingWork() {
        return super.hasPendingWork() || wCount > 0 || !unissued.isEmpty();
    }

    @Override
    public String describe() {
        return super.describe() + "; fetch window " + wCount + "/" + fetchWindow
                + (wCount > 0 ? " (head waits for " + pending[wStart] + " fetches)" : "")
                + (unissued.isEmpty() ? "" : ", " + unissued.size() + " fetches refused by memory");
    }

    @Override
    protected Work take(long now) {
        Work w = super.take(now);
        if (w != null) {
            if (w instanceof DrawPacket d) {
                if (currentDraw != null) {
                    verticesOfEarlierDraws += currentDraw.count() * currentDraw.instances();
                }
                currentDraw = d;
                instance = 0;
                prim = 0;
                primsPerInstance = d.state().pso().topology().primitives(d.count());
                counters[PipelineCounters.IA_VERTICES] += d.count() * d.instances();
                counters[PipelineCounters.IA_PRIMITIVES] += primsPerInstance * d.instances();
            }
        }
        return w;
    }

    /**
     * How far input assembly has got, in the vertices of {@link gpusim.trace.TraceWork}
     * (a draw's count x instances): the draws before the current one, and the current one's
     * finished instances and the stream position of its next primitive. For a progress line.
     */
    public long verticesDone() {
        if (currentDraw == null) {
            return verticesOfEarlierDraws;
        }
        long n = currentDraw.count();
        boolean strip = currentDraw.state().pso().topology() == PrimitiveTopology.TRIANGLE_STRIP;
        long within = Math.min(n, prim == 0 ? 0 : strip ? prim + 2 : prim * 3);
        return verticesOfEarlierDraws + Math.min(instance, currentDraw.instances()) * n
                + (instance < currentDraw.instances() ? within : 0);
    }

    @Override
    protected boolean continues(Work w) {
        return w instanceof DrawPacket d && instance < d.instances() && primsPerInstance > 0;
    }

    @Override
    protected long process(Work w, long now) {
        if (w instanceof Marker m) {
            if (m instanceof StatisticsMarker s) {
                s.snapshot()[PipelineCounters.IA_VERTICES] = counters[PipelineCounters.IA_VERTICES];
                s.snapshot()[PipelineCounters.IA_PRIMITIVES] = counters[PipelineCounters.IA_PRIMITIVES];
            }
            enqueue(m, now + 1);
            return 1;
        }
        DrawPacket d = (DrawPacket) w;
        if (primsPerInstance == 0 || d.instances() == 0) {
            instance = d.instances();
            stepEnd = now + 1;
            return 1;
        }
        GeomBatch b = new GeomBatch(d.drawId(), d.state(), BATCH_PRIMS);
        gen++;
        boolean strip = d.state().pso().topology() == PrimitiveTopology.TRIANGLE_STRIP;
        int[] indices = d.indexed() ? d.state().ib().indices() : null;
        int fetched = 0;
        long firstPos = Long.MAX_VALUE;
        long lastPos = -1;
        while (b.primCount < BATCH_PRIMS && prim < primsPerInstance) {
            long first = strip ? prim : prim * 3;
            for (int k = 0; k < 3; k++) {
                long j = first + k;
                if (strip && (prim & 1) == 1 && k < 2) {
                    j = first + (1 - k); // odd strip triangles swap their first two vertices to keep the winding
                }
                long pos = d.start() + j;
                firstPos = Math.min(firstPos, pos);
                lastPos = Math.max(lastPos, pos);
                int vertex = indices != null ? (int) (Integer.toUnsignedLong(indices[(int) pos]) + d.baseVertex())
                        : (int) pos;
                b.prims[b.primCount * 3 + k] = local(b, vertex);
            }
            fetched += strip && b.primCount > 0 ? 1 : 3;
            b.primCount++;
            prim++;
        }
        if (prim == primsPerInstance) {
            prim = 0;
            instance++;
        }
        // Functional mode charges a step one cycle (Stage): the batch's readiness must say the
        // same, or the step would end (stepEnd) before the guard in tick() sees it and a step
        // started into a full window would overwrite its head.
        long cost = functional ? 1 : Math.max(1, ceilDiv(fetched, verticesPerClock));
        int slot = enqueue(b, now + cost);
        fetch(slot, b, d, firstPos, lastPos, now);
        return cost;
    }

    /** The batch-local slot of a source vertex, adding it if new (vertex reuse within a batch). */
    private int local(GeomBatch b, int vertex) {
        int h = (vertex * 0x9E3779B9) >>> 24;
        while (hashGen[h] == gen) {
            if (hashKey[h] == vertex) {
                return hashVal[h];
            }
            h = (h + 1) & 255;
        }
        hashGen[h] = gen;
        hashKey[h] = vertex;
        hashVal[h] = b.vertexCount;
        b.sourceVertex[b.vertexCount] = vertex;
        return b.vertexCount++;
    }
}
