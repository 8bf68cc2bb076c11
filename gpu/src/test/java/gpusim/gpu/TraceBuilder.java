package gpusim.gpu;

import gpusim.api.BlendMode;
import gpusim.api.CommandListType;
import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.D3D11Query;
import gpusim.api.DepthFormat;
import gpusim.api.HeapType;
import gpusim.api.IndexFormat;
import gpusim.api.PredicationOp;
import gpusim.api.PrimitiveTopology;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.api.StencilOp;
import gpusim.config.Config;
import gpusim.gpu.cp.CommandProcessor;
import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.PipelineState;
import gpusim.trace.Resource;
import gpusim.trace.SoTargetView;
import gpusim.trace.StencilFace;
import gpusim.trace.StreamOutput;
import gpusim.trace.TopCommand;
import gpusim.trace.Trace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds a {@link Trace} from the trace records directly, as the parser would, with a running
 * line number; and runs it. Only the model's records are used, so no parser is needed.
 */
public final class TraceBuilder {
    private int line = 1;
    private final List<Resource> resources = new ArrayList<>();
    private final List<CommandList> lists = new ArrayList<>();
    private final List<TopCommand> top = new ArrayList<>();

    private int next() {
        return line++;
    }

    public Resource.Buffer buffer(String name, long size) {
        Resource.Buffer b = new Resource.Buffer(name, size, HeapType.DEFAULT, 0, next());
        resources.add(b);
        return b;
    }

    public Resource.QueryHeap queryHeap(String name, QueryHeapType type, int count) {
        Resource.QueryHeap h = new Resource.QueryHeap(name, type, count, next());
        resources.add(h);
        return h;
    }

    public Resource.RenderTarget renderTarget(String name, int w, int h, int samples) {
        Resource.RenderTarget r = new Resource.RenderTarget(name, w, h, samples, next());
        resources.add(r);
        return r;
    }

    public Resource.DepthStencil depthStencil(String name, int w, int h, int samples, DepthFormat format) {
        Resource.DepthStencil d = new Resource.DepthStencil(name, w, h, samples, format, next());
        resources.add(d);
        return d;
    }

    /** Vertices as x y z w quadruples (colour 1 1 1 1). */
    public Resource.VertexBuffer vertices(String name, float... xyzw) {
        if (xyzw.length % 4 != 0) {
            throw new IllegalArgumentException("x y z w per vertex");
        }
        int n = xyzw.length / 4;
        float[] data = new float[n * Resource.VertexBuffer.FLOATS_PER_VERTEX];
        for (int i = 0; i < n; i++) {
            System.arraycopy(xyzw, i * 4, data, i * 8, 4);
            Arrays.fill(data, i * 8 + 4, i * 8 + 8, 1f);
        }
        line += n + 1;
        Resource.VertexBuffer vb = new Resource.VertexBuffer(name, data, n, next());
        resources.add(vb);
        return vb;
    }

    /** Vertices as x y z w r g b a octuples. */
    public Resource.VertexBuffer coloredVertices(String name, float... xyzwrgba) {
        if (xyzwrgba.length % 8 != 0) {
            throw new IllegalArgumentException("x y z w r g b a per vertex");
        }
        int n = xyzwrgba.length / 8;
        line += n + 1;
        Resource.VertexBuffer vb = new Resource.VertexBuffer(name, xyzwrgba.clone(), n, next());
        resources.add(vb);
        return vb;
    }

    public Resource.IndexBuffer indices(String name, IndexFormat format, int... idx) {
        line += 1;
        Resource.IndexBuffer ib = new Resource.IndexBuffer(name, format, idx.clone(), idx.length, next());
        resources.add(ib);
        return ib;
    }

    public Resource.Pso pso(String name, Pso spec) {
        int l = next();
        Resource.Pso p = new Resource.Pso(name, spec.build(name, l), l);
        resources.add(p);
        return p;
    }

    public Resource.Pso pso(String name) {
        return pso(name, new Pso());
    }

    /** Pipeline state options with the Direct3D 12 defaults of the trace format. */
    public static final class Pso {
        public PrimitiveTopology topology = PrimitiveTopology.TRIANGLE_LIST;
        public CullMode cull = CullMode.BACK;
        public boolean frontCcw;
        public boolean depthClip = true;
        public boolean depth = true;
        public boolean depthWrite = true;
        public ComparisonFunc depthFunc = ComparisonFunc.LESS;
        public boolean stencil;
        public int stencilReadMask = 255;
        public int stencilWriteMask = 255;
        public StencilFace front = StencilFace.DEFAULT;
        public StencilFace back = StencilFace.DEFAULT;
        public int colorWrite = 15;
        public BlendMode blend = BlendMode.OFF;
        public int vsCycles = -1;
        public int psCycles = -1;
        public boolean lateZ;
        public StreamOutput streamOutput;

        public Pso topology(PrimitiveTopology t) {
            topology = t;
            return this;
        }

        public Pso cull(CullMode c) {
            cull = c;
            return this;
        }

        public Pso frontCcw(boolean v) {
            frontCcw = v;
            return this;
        }

        public Pso depthClip(boolean v) {
            depthClip = v;
            return this;
        }

        public Pso depth(boolean on, boolean write, ComparisonFunc f) {
            depth = on;
            depthWrite = write;
            depthFunc = f;
            return this;
        }

        public Pso stencil(int readMask, int writeMask, StencilFace f, StencilFace b) {
            stencil = true;
            stencilReadMask = readMask;
            stencilWriteMask = writeMask;
            front = f;
            back = b;
            return this;
        }

        public Pso colorWrite(int mask) {
            colorWrite = mask;
            return this;
        }

        public Pso psCycles(int c) {
            psCycles = c;
            return this;
        }

        public Pso lateZ(boolean on) {
            lateZ = on;
            return this;
        }

        /** Streams out to {@code stream} through buffer slot {@code slot} (D3D12_STREAM_OUTPUT_DESC). */
        public Pso streamOutput(int stream, int slot, int stride, int rasterizedStream) {
            streamOutput = new StreamOutput(stream, slot, stride, rasterizedStream);
            return this;
        }

        PipelineState build(String name, int l) {
            return new PipelineState(name, topology, cull, frontCcw, depthClip, depth, depthWrite, depthFunc, stencil,
                    stencilReadMask, stencilWriteMask, front, back, colorWrite, blend, vsCycles, psCycles,
                    streamOutput, lateZ, l);
        }
    }

    public static StencilFace face(ComparisonFunc f, StencilOp pass, StencilOp fail, StencilOp depthFail) {
        return new StencilFace(f, pass, fail, depthFail);
    }

    public ListBuilder list(String name) {
        return list(name, CommandListType.DIRECT);
    }

    public ListBuilder list(String name, CommandListType type) {
        return new ListBuilder(name, type, next());
    }

    /** Records one command list; {@link #close()} adds it to the trace. */
    public final class ListBuilder {
        private final String name;
        private final CommandListType type;
        private final int open;
        private final List<Command> cmds = new ArrayList<>();

        ListBuilder(String name, CommandListType type, int open) {
            this.name = name;
            this.type = type;
            this.open = open;
        }

        private ListBuilder add(Command c) {
            cmds.add(c);
            return this;
        }

        public ListBuilder pso(Resource.Pso p) {
            return add(new Command.SetPipelineState(p, next()));
        }

        public ListBuilder targets(Resource.RenderTarget rt, Resource.DepthStencil ds) {
            return add(new Command.SetRenderTargets(rt, ds, next()));
        }

        public ListBuilder viewport(float x, float y, float w, float h) {
            return viewport(x, y, w, h, 0, 1);
        }

        public ListBuilder viewport(float x, float y, float w, float h, float min, float max) {
            return add(new Command.SetViewport(x, y, w, h, min, max, next()));
        }

        public ListBuilder scissor(int l, int t, int r, int b) {
            return add(new Command.SetScissor(l, t, r, b, next()));
        }

        public ListBuilder stencilRef(int ref) {
            return add(new Command.SetStencilRef(ref, next()));
        }

        public ListBuilder transform(float... m) {
            return add(new Command.SetTransform(m.clone(), next()));
        }

        public ListBuilder vb(Resource.VertexBuffer vb) {
            return add(new Command.SetVertexBuffer(vb, next()));
        }

        public ListBuilder ib(Resource.IndexBuffer ib) {
            return add(new Command.SetIndexBuffer(ib, next()));
        }

        /** ClearDepthStencilView of the aspects given (null: not cleared). */
        public ListBuilder clearDs(Resource.DepthStencil ds, Float depth, Integer stencil) {
            return add(new Command.ClearDepthStencil(ds, depth != null, depth == null ? 0f : depth,
                    stencil != null, stencil == null ? 0 : stencil, next()));
        }

        public ListBuilder clearRt(Resource.RenderTarget rt, float r, float g, float b, float a) {
            return add(new Command.ClearRenderTarget(rt, r, g, b, a, next()));
        }

        public ListBuilder draw(long count) {
            return draw(count, 0, 1);
        }

        public ListBuilder draw(long count, long start, long instances) {
            return add(new Command.Draw(count, start, instances, 0, next()));
        }

        public ListBuilder drawIndexed(long count, long start, long baseVertex, long instances) {
            return add(new Command.DrawIndexed(count, start, baseVertex, instances, 0, next()));
        }

        public ListBuilder dispatch(long x, long y, long z) {
            return add(new Command.Dispatch(x, y, z, next()));
        }

        public ListBuilder begin(Resource.QueryHeap h, QueryType t, int i) {
            return add(new Command.BeginQuery(h, t, i, next()));
        }

        public ListBuilder end(Resource.QueryHeap h, QueryType t, int i) {
            return add(new Command.EndQuery(h, t, i, next()));
        }

        public ListBuilder resolve(Resource.QueryHeap h, QueryType t, int start, int count, Resource.Buffer b,
                                   long offset) {
            return add(new Command.ResolveQueryData(h, t, start, count, b, offset, next()));
        }

        public ListBuilder barrier(Resource.Buffer b, int before, int after) {
            return add(new Command.ResourceBarrier(b, before, after, next()));
        }

        public ListBuilder predication(Resource.Buffer b, long offset, PredicationOp op) {
            return add(new Command.SetPredication(b, offset, op, next()));
        }

        public ListBuilder predicationOff() {
            return add(new Command.SetPredication(null, 0, PredicationOp.EQUAL_ZERO, next()));
        }

        public ListBuilder copy(Resource.Buffer dst, long dstOff, Resource.Buffer src, long srcOff, long bytes) {
            return add(new Command.CopyBufferRegion(dst, dstOff, src, srcOff, bytes, next()));
        }

        public ListBuilder writeQuery(D3D11Query type, int index, Resource.Buffer b, long offset, int stride) {
            return writeQuery(type, index, 0, b, offset, stride);
        }

        public ListBuilder writeQuery(D3D11Query type, int index, int flags, Resource.Buffer b, long offset,
                                      int stride) {
            return add(new Command.WriteQuery(type, index, flags, b, offset, stride, next()));
        }

        /** SOSetTargets: {@code views[slot]}, null where unbound; missing slots are unbound. */
        public ListBuilder soTargets(SoTargetView... views) {
            return add(new Command.SetSoTargets(Arrays.copyOf(views, StreamOutput.SLOT_COUNT), next()));
        }

        public ListBuilder decode(Resource.VideoDecoderHeap h, long bytes) {
            return add(new Command.DecodeFrame(h, bytes, null, 0, next()));
        }

        public ListBuilder decode(Resource.VideoDecoderHeap h, long bytes, Resource.Buffer bitstream, long offset) {
            return add(new Command.DecodeFrame(h, bytes, bitstream, offset, next()));
        }

        public CommandList close() {
            CommandList l = new CommandList(name, type, List.copyOf(cmds), open, next());
            lists.add(l);
            return l;
        }
    }

    public TraceBuilder execute(CommandList... ls) {
        top.add(new TopCommand.Execute(List.of(ls), ls[0].type(), next()));
        return this;
    }

    /** ExecuteCommandLists on {@code queue}. */
    public TraceBuilder execute(CommandListType queue, CommandList... ls) {
        top.add(new TopCommand.Execute(List.of(ls), queue, next()));
        return this;
    }

    public Resource.Fence fence(String name, long initial) {
        Resource.Fence f = new Resource.Fence(name, initial, next());
        resources.add(f);
        return f;
    }

    public Resource.VideoDecoderHeap decoderHeap(String name, int w, int h, long bitRate, long fpsNum, long fpsDen) {
        Resource.VideoDecoderHeap d = new Resource.VideoDecoderHeap(name, w, h, bitRate, fpsNum, fpsDen, next());
        resources.add(d);
        return d;
    }

    public TraceBuilder signal(Resource.Fence f, long value, CommandListType queue) {
        top.add(new TopCommand.Signal(f, value, queue, next()));
        return this;
    }

    public TraceBuilder await(Resource.Fence f, long value, CommandListType queue) {
        top.add(new TopCommand.Wait(f, value, queue, next()));
        return this;
    }

    public TraceBuilder waitIdle() {
        top.add(new TopCommand.WaitIdle(next()));
        return this;
    }

    public TraceBuilder dump(Resource.Buffer b) {
        return dump(b, 0, b.size() / 8);
    }

    public TraceBuilder dump(Resource.Buffer b, long offset, long count) {
        top.add(new TopCommand.Dump(b, offset, count, next()));
        return this;
    }

    public Trace build() {
        return new Trace("test.trace", List.copyOf(resources), List.copyOf(lists), List.copyOf(top));
    }

    /** Runs the trace with the default configuration plus {@code KEY=VALUE} overrides. */
    /**
     * The defaults with surfaces out of memory ({@code surfaces.in_memory=off}, the documented
     * approximation) and no surface compression: what these tests' hand-derived cycles assume, so
     * that a unit's own costs are not mixed with the memory's. A test of the memory path sets
     * {@code surfaces.in_memory=on} (and the compression it studies).
     */
    public static Config unitDefaults() {
        return Config.defaults().with("surfaces.in_memory=off").with("compression.fast_clear=off")
                .with("compression.depth_planes=off");
    }

    /** Runs {@code t} on {@link #unitDefaults} with {@code config} applied over them. */
    public static RunResult run(Trace t, String... config) {
        Config c = unitDefaults();
        for (String kv : config) {
            c = c.with(kv);
        }
        return new Gpu(t, c).run();
    }

    /** The values of dump {@code i}. */
    public static long[] dump(RunResult r, int i) {
        CommandProcessor.DumpResult d = r.dumps().get(i);
        return d.values();
    }

    // ---- geometry helpers (NDC, y up; w = 1) ----

    /**
     * Two triangles covering the NDC rectangle [x0, x1] x [y0, y1] at depth z, clockwise in
     * render-target space (front-facing with the default winding).
     */
    public static float[] quad(float x0, float y0, float x1, float y1, float z) {
        // render-target space: (x0, y1) is upper-left
        return new float[] {
            x0, y1, z, 1, x1, y1, z, 1, x1, y0, z, 1,
            x0, y1, z, 1, x1, y0, z, 1, x0, y0, z, 1,
        };
    }

    /**
     * A triangle given in pixel coordinates (x right, y down) of a 16 x 16 target, in clip space
     * (y up, w = 1) at depth 0.5.
     */
    public static float[] pixelTriangle16(double... px) {
        float[] v = new float[12];
        for (int i = 0; i < 3; i++) {
            v[i * 4] = (float) (px[i * 2] / 8 - 1);
            v[i * 4 + 1] = (float) (1 - px[i * 2 + 1] / 8);
            v[i * 4 + 2] = 0.5f;
            v[i * 4 + 3] = 1;
        }
        return v;
    }

    public static float[] fullScreen(float z) {
        return quad(-1, -1, 1, 1, z);
    }

    public static float[] concat(float[]... parts) {
        int n = 0;
        for (float[] p : parts) {
            n += p.length;
        }
        float[] out = new float[n];
        int o = 0;
        for (float[] p : parts) {
            System.arraycopy(p, 0, out, o, p.length);
            o += p.length;
        }
        return out;
    }
}
