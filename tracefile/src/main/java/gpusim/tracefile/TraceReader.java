package gpusim.tracefile;

import gpusim.api.CommandListType;
import gpusim.api.D3D11Query;
import gpusim.api.D3DEnum;
import gpusim.api.DepthFormat;
import gpusim.api.HeapType;
import gpusim.api.IndexFormat;
import gpusim.api.PredicationOp;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.api.ResourceState;
import gpusim.config.ConfigKey;
import gpusim.config.KeyGroup;
import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import gpusim.trace.SoTargetView;
import gpusim.trace.StreamOutput;
import gpusim.trace.TopCommand;
import gpusim.trace.Trace;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Reads a trace (trace-format.md, version 1) into a {@link Trace}: one pass over the bytes,
 * names resolved to the records they define, every format rule checked on the line that
 * breaks it, and every resource charged to the memory budget before it is allocated.
 * The Direct3D 12 rules that need command-list or execution context are
 * {@link TraceValidator}'s.
 */
public final class TraceReader {
    /** The trace reader's key: it charges every resource against the budget before allocating it. */
    public static final ConfigKey MEMORY_BUDGET = ConfigKey.range("memory.budget", 2L << 30, 1 << 20, 64L << 30,
            "bytes", "largest total size of all resources a trace may create (checked before allocating)");

    /** The reader's keys. */
    public static final KeyGroup KEYS = KeyGroup.of(400, "trace reader", MEMORY_BUDGET);

    /** D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION. */
    static final int MAX_TEXTURE_DIMENSION = 16384;
    /** D3D12_VIEWPORT_BOUNDS_MIN / _MAX. */
    static final int VIEWPORT_BOUNDS_MIN = -32768;
    static final int VIEWPORT_BOUNDS_MAX = 32767;
    /** D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION. */
    static final long MAX_DISPATCH = 65535;
    static final long UINT_MAX = 0xFFFF_FFFFL;
    static final long INT_MAX = Integer.MAX_VALUE;
    /** The most vertices / indices one Java array can hold. */
    static final int MAX_VERTICES = (Integer.MAX_VALUE - 16) / Resource.VertexBuffer.FLOATS_PER_VERTEX;
    static final int MAX_INDICES = Integer.MAX_VALUE - 16;

    private static final String LIST_TYPES = "DIRECT, COMPUTE, COPY, VIDEO_DECODE";
    /** The largest fence value the model holds (D3D12 fence values are UINT64; the model keeps 0..2^63-1). */
    static final long MAX_FENCE_VALUE = Long.MAX_VALUE;

    private final String file;
    private final Lexer lx;
    private final Args args;
    private final Names names;
    private final MemoryBudget budget;
    private final TraceParams params;

    private final List<Resource> resources = new ArrayList<>();
    private final List<CommandList> commandLists = new ArrayList<>();
    private final List<TopCommand> submissions = new ArrayList<>();

    /** The command list being recorded, or null at top level. */
    private String listName;
    private CommandListType listType;
    private int listLine;
    private List<Command> listCommands;

    private TraceReader(String file, Lexer lexer, long memoryBudget, Map<String, String> params) {
        this.file = file;
        this.lx = lexer;
        this.args = new Args(lx, file);
        this.names = new Names(args);
        this.budget = new MemoryBudget(memoryBudget);
        TraceParams.check(params);
        this.params = new TraceParams(file, Map.copyOf(params));
        lexer.params = this.params;
    }

    /**
     * Reads and parses {@code file}. {@code displayName} is how errors name the file (the
     * path as the user typed it); {@code memoryBudget} is {@code memory.budget} in bytes.
     *
     * @throws TraceException on the first line that breaks a rule of the format
     */
    public static Trace read(Path file, String displayName, long memoryBudget) {
        return read(file, displayName, memoryBudget, Map.of());
    }

    /**
     * Reads and parses {@code file} with trace parameter values ({@code params}: name to
     * value; they replace the defaults of the trace's {@code param} lines).
     *
     * @throws TraceException on the first line that breaks a rule of the format, or
     *         (rule PARAM_UNKNOWN) if {@code params} names a parameter the trace does not declare
     * @throws IllegalArgumentException if a name or value of {@code params} is malformed
     *         ({@link TraceParams#check}); callers check their input with it first
     */
    public static Trace read(Path file, String displayName, long memoryBudget, Map<String, String> params) {
        try (InputStream in = new FileInputStream(file.toFile())) {
            return new TraceReader(displayName, new Lexer(in), memoryBudget, params).run();
        } catch (FileNotFoundException e) {
            throw new TraceException(displayName, 0, Rule.UNREADABLE_FILE, "cannot open the file: " + e.getMessage());
        } catch (IOException | UncheckedIOException | SecurityException e) {
            throw new TraceException(displayName, 0, Rule.UNREADABLE_FILE, "cannot read the file: " + e.getMessage());
        }
    }

    /** Parses trace text; errors name {@code displayName} as the file. */
    public static Trace parse(String displayName, String text, long memoryBudget) {
        return parse(displayName, text, memoryBudget, Map.of());
    }

    /** Parses trace text with trace parameter values (as {@link #read(Path, String, long, Map)}). */
    public static Trace parse(String displayName, String text, long memoryBudget, Map<String, String> params) {
        return new TraceReader(displayName, new Lexer(text.getBytes(StandardCharsets.UTF_8)), memoryBudget, params)
                .run();
    }

    // =================================================================== driver

    private Trace run() {
        try {
            return lines();
        } catch (Lexer.LineTooLongException e) {
            throw new TraceException(file, e.line, Rule.UNREADABLE_FILE, "line " + e.line + " is longer than "
                    + Lexer.MAX_LINE + " bytes");
        }
    }

    private Trace lines() {
        if (!lx.next()) {
            throw new TraceException(file, 1, Rule.MISSING_HEADER, "the trace has no commands; it must start with 'gpusim-trace 1'");
        }
        header();
        while (lx.next()) {
            command(lx.text(0));
        }
        if (listName != null) {
            throw new TraceException(file, lx.lastLine(), Rule.LIST_NOT_CLOSED,
                    "command_list " + listName + " (line " + listLine + ") has no close before the end of the trace");
        }
        params.checkOverridesDeclared(lx.lastLine());
        return new Trace(file, Collections.unmodifiableList(resources), Collections.unmodifiableList(commandLists),
                Collections.unmodifiableList(submissions));
    }

    /** The first command of a trace is {@code gpusim-trace 1} (trace-format.md, "Lexical rules"). */
    private void header() {
        if (!lx.is(0, "gpusim-trace")) {
            throw args.error(Rule.MISSING_HEADER, "the first command must be 'gpusim-trace 1', got '"
                    + lx.text(0) + "'");
        }
        args.begin("gpusim-trace", "usage: gpusim-trace 1");
        args.arity(1, 1);
        long v = Numbers.parseLong(lx.bytes(), lx.start[1], lx.end[1]);
        if (v != 1) {
            throw args.error(Rule.BAD_VERSION, "this reader understands trace format version 1, not '"
                    + lx.text(1) + "'");
        }
    }

    private void command(String cmd) {
        switch (cmd) {
            // ---- top level
            case "query_heap": top(cmd); queryHeap(); break;
            case "buffer": top(cmd); buffer(); break;
            case "render_target": top(cmd); renderTarget(); break;
            case "depth_stencil": top(cmd); depthStencil(); break;
            case "vertex_buffer": top(cmd); vertexBuffer(); break;
            case "index_buffer": top(cmd); indexBuffer(); break;
            case "pipeline_state": top(cmd); pipelineState(); break;
            case "command_list": top(cmd); commandList(); break;
            case "execute": top(cmd); execute(); break;
            case "wait_idle": top(cmd); waitIdle(); break;
            case "dump": top(cmd); dump(); break;
            case "param": top(cmd); param(); break;
            case "fence": top(cmd); fence(); break;
            case "signal": top(cmd); fenceOp(true); break;
            case "wait": top(cmd); fenceOp(false); break;
            case "video_decoder_heap": top(cmd); videoDecoderHeap(); break;
            // ---- inside a command list
            case "close": inList(cmd); close(); break;
            case "set_pipeline_state": inList(cmd); setPipelineState(); break;
            case "set_render_targets": inList(cmd); setRenderTargets(); break;
            case "set_viewport": inList(cmd); setViewport(); break;
            case "set_scissor": inList(cmd); setScissor(); break;
            case "set_stencil_ref": inList(cmd); setStencilRef(); break;
            case "set_transform": inList(cmd); setTransform(); break;
            case "set_vertex_buffer": inList(cmd); setVertexBuffer(); break;
            case "set_index_buffer": inList(cmd); setIndexBuffer(); break;
            case "clear_depth_stencil": inList(cmd); clearDepthStencil(); break;
            case "clear_render_target": inList(cmd); clearRenderTarget(); break;
            case "draw": inList(cmd); draw(); break;
            case "draw_indexed": inList(cmd); drawIndexed(); break;
            case "dispatch": inList(cmd); dispatch(); break;
            case "begin_query": inList(cmd); query(true); break;
            case "end_query": inList(cmd); query(false); break;
            case "resolve_query_data": inList(cmd); resolveQueryData(); break;
            case "resource_barrier": inList(cmd); resourceBarrier(); break;
            case "set_predication": inList(cmd); setPredication(); break;
            case "copy_buffer_region": inList(cmd); copyBufferRegion(); break;
            case "write_query": inList(cmd); writeQuery(); break;
            case "set_so_targets": inList(cmd); setSoTargets(); break;
            case "decode_frame": inList(cmd); decodeFrame(); break;
            // ---- block lines out of place
            case "v":
            case "i":
            case "end":
                throw args.error(Rule.NOT_IN_BLOCK, "'" + cmd + "' belongs inside a "
                        + (cmd.equals("i") ? "index_buffer" : cmd.equals("v") ? "vertex_buffer" : "vertex_buffer or index_buffer")
                        + " block" + (cmd.equals("end") && listName != null ? " (a command_list ends with close)" : ""));
            case "gpusim-trace":
                throw args.error(Rule.UNKNOWN_COMMAND, "the 'gpusim-trace' header may only be the first command");
            default:
                throw args.error(Rule.UNKNOWN_COMMAND, "unknown command " + Args.quote(lx.bytes(), lx.start[0], lx.end[0]));
        }
    }

    private void top(String cmd) {
        if (listName != null) {
            throw args.error(Rule.NOT_AT_TOP_LEVEL, cmd + " is a top-level command but command_list " + listName
                    + " (line " + listLine + ") is still open (close it first)");
        }
    }

    private void inList(String cmd) {
        if (listName == null) {
            throw args.error(Rule.NOT_IN_LIST, cmd + " is only allowed inside a command_list ... close block");
        }
    }

    // =================================================================== trace parameters (the format's addition)

    /** {@code param NAME=DEFAULT}: declares a parameter for {@code ${NAME}} in later tokens (TraceParams). */
    private void param() {
        int eq = lx.count == 2 ? lx.equalsAt(1) : -1;
        if (eq < 0 || eq == lx.start[1]) {
            throw args.error(Rule.PARAM_MALFORMED, "usage: param NAME=DEFAULT (one token, no spaces around '=')");
        }
        byte[] b = lx.bytes();
        String name = new String(b, lx.start[1], eq - lx.start[1], StandardCharsets.UTF_8);
        String value = new String(b, eq + 1, lx.end[1] - eq - 1, StandardCharsets.UTF_8);
        params.declare(name, value, lx.line);
    }

    // =================================================================== resources

    private void queryHeap() {
        args.begin("query_heap", "usage: query_heap NAME type=HEAP_TYPE count=N", "type", "count");
        args.arity(1, 1);
        String name = defineName(1, "query heap");
        // D3D12 core runtime: the heap type must be a member of D3D12_QUERY_HEAP_TYPE (the Direct3D 12 "Queries"
        // documentation and the D3D12_QUERY_HEAP_TYPE documentation).
        QueryHeapType type = args.reqEnum("type", Enums.QUERY_HEAP_TYPE, Rule.QUERY_HEAP_TYPE_INVALID,
                "a D3D12_QUERY_HEAP_TYPE (" + D3DEnum.spellings(QueryHeapType.class) + ")");
        long count = args.reqInteger("count");
        // D3D12 core runtime: the count must be greater than 0 (the D3D12 "Queries" documentation).
        if (count == 0) {
            throw args.error(Rule.QUERY_HEAP_COUNT_ZERO, "query heap " + name + " has count=0; the count must be greater than 0");
        }
        args.range(count, 1, INT_MAX, "count=");
        budget.charge(ResourceSizes.queryHeap(type, count), "query_heap " + name, args);
        define(new Resource.QueryHeap(name, type, (int) count, lx.line));
    }

    private void buffer() {
        args.begin("buffer", "usage: buffer NAME size=BYTES [heap=DEFAULT|UPLOAD|READBACK] [state=STATE]",
                "size", "heap", "state");
        args.arity(1, 1);
        String name = defineName(1, "buffer");
        long size = args.range(args.reqInteger("size"), 1, Long.MAX_VALUE, "size=");
        HeapType heap = args.optEnum("heap", HeapType.DEFAULT, Enums.HEAP_TYPE, Rule.BAD_ENUM,
                D3DEnum.spellings(HeapType.class));
        ResourceState state = args.optEnum("state", ResourceState.COMMON, Enums.RESOURCE_STATE, Rule.BAD_ENUM,
                "a D3D12_RESOURCE_STATE (" + D3DEnum.spellings(ResourceState.class) + ")");
        budget.charge(size, "buffer " + name, args);
        define(new Resource.Buffer(name, size, heap, state.bits(), lx.line));
    }

    private void renderTarget() {
        args.begin("render_target", "usage: render_target NAME width=W height=H [samples=S]",
                "width", "height", "samples");
        args.arity(1, 1);
        String name = defineName(1, "render target");
        int w = dimension("width");
        int h = dimension("height");
        int s = samples();
        surfaceLimit(w, h, s);
        budget.charge(ResourceSizes.renderTarget(w, h, s), "render_target " + name, args);
        define(new Resource.RenderTarget(name, w, h, s, lx.line));
    }

    private void depthStencil() {
        args.begin("depth_stencil", "usage: depth_stencil NAME width=W height=H [samples=S] [format=F]",
                "width", "height", "samples", "format");
        args.arity(1, 1);
        String name = defineName(1, "depth-stencil");
        int w = dimension("width");
        int h = dimension("height");
        int s = samples();
        DepthFormat f = args.optEnum("format", DepthFormat.D32_FLOAT, Enums.DEPTH_FORMAT, Rule.BAD_ENUM,
                D3DEnum.spellings(DepthFormat.class));
        surfaceLimit(w, h, s);
        budget.charge(ResourceSizes.depthStencil(w, h, s, f), "depth_stencil " + name, args);
        define(new Resource.DepthStencil(name, w, h, s, f, lx.line));
    }

    /** Most samples one surface may hold in the model (its storage is one Java array, tile-padded). */
    public static final long MAX_SURFACE_SAMPLES = 1L << 30;

    private void surfaceLimit(int w, int h, int s) {
        // Padded to whole 32-pixel tiles, the largest DB tile.
        long padded = ((w + 31L) & ~31L) * ((h + 31L) & ~31L) * s;
        if (padded > MAX_SURFACE_SAMPLES) {
            throw args.error(Rule.TEXTURE_TOO_LARGE, w + "x" + h + " at " + s + " samples is " + padded
                    + " samples (tile-padded); the model holds at most " + MAX_SURFACE_SAMPLES + " a surface");
        }
    }

    /** A texture width or height: 1..16384 (D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION). */
    private int dimension(String key) {
        long v = args.reqInteger(key);
        if (v < 1 || v > MAX_TEXTURE_DIMENSION) {
            throw args.error(Rule.TEXTURE_TOO_LARGE, key + "=" + v + " is not in 1.." + MAX_TEXTURE_DIMENSION
                    + " (D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION)");
        }
        return (int) v;
    }

    private int samples() {
        long s = args.optInteger("samples", 1, Long.MIN_VALUE + 1, Long.MAX_VALUE);
        if (s != 1 && s != 2 && s != 4 && s != 8 && s != 16) {
            throw args.error(Rule.BAD_SAMPLE_COUNT, "samples=" + s + " is not one of 1, 2, 4, 8, 16");
        }
        return (int) s;
    }

    /**
     * {@code vertex_buffer NAME}, lines {@code v X Y Z W [R G B A]}, {@code end}. The float
     * array grows by doubling but never beyond what the memory budget has left, so a huge
     * file is refused at the first vertex over budget instead of exhausting the heap.
     */
    private void vertexBuffer() {
        args.begin("vertex_buffer", "usage: vertex_buffer NAME, then lines v X Y Z W [R G B A], then end");
        args.arity(1, 1);
        String name = args.name(1);
        int line = lx.line;
        names.reserve(name, "vertex_buffer", line);
        final int fpv = Resource.VertexBuffer.FLOATS_PER_VERTEX;
        float[] data = new float[0];
        int n = 0;
        while (true) {
            // Fast path while there is room; the general path below grows the array (or
            // refuses the vertex over budget) and reports any error.
            if (n * fpv < data.length) {
                int k = lx.vertexLine(data, n * fpv);
                if (k > 0) {
                    if (k == 4) {
                        fillColour(data, n * fpv);
                    }
                    n++;
                    continue;
                }
            }
            if (!lx.next()) {
                throw new TraceException(file, lx.lastLine(), Rule.UNTERMINATED_BLOCK,
                        "vertex_buffer " + name + " (line " + line + ") has no 'end' before the end of the trace");
            }
            if (lx.isChar(0, 'v')) {
                int k = lx.count - 1;
                if (k != 4 && k != 8) {
                    throw args.error(Rule.WRONG_ARITY, "v takes 4 numbers (x y z w) or 8 (x y z w r g b a), got " + k);
                }
                if (n * fpv == data.length) {
                    data = growVertices(data, n, name);
                }
                int o = n * fpv;
                for (int t = 1; t <= k; t++) {
                    data[o + t - 1] = args.number(lx.start[t], lx.end[t], "vertex component");
                }
                if (k == 4) {
                    fillColour(data, o);
                }
                n++;
            } else if (lx.is(0, "end")) {
                if (lx.count != 1) {
                    throw args.error(Rule.WRONG_ARITY, "end takes no arguments");
                }
                break;
            } else {
                throw args.error(Rule.UNTERMINATED_BLOCK, "vertex_buffer " + name + " (line " + line
                        + ") takes only v lines and end, got " + Args.quote(lx.bytes(), lx.start[0], lx.end[0]));
            }
        }
        budget.charge(ResourceSizes.mul(n, ResourceSizes.VERTEX_BYTES), "vertex_buffer " + name, args);
        if (data.length != n * fpv) {
            data = Arrays.copyOf(data, n * fpv);
        }
        define(new Resource.VertexBuffer(name, data, n, line));
    }

    /** trace-format.md: a vertex without colour is white, 1 1 1 1. */
    private static void fillColour(float[] data, int o) {
        data[o + 4] = 1f;
        data[o + 5] = 1f;
        data[o + 6] = 1f;
        data[o + 7] = 1f;
    }

    private float[] growVertices(float[] data, int n, String name) {
        long fit = Math.min(budget.free() / ResourceSizes.VERTEX_BYTES, MAX_VERTICES);
        if (n >= fit) {
            if (n >= MAX_VERTICES) {
                throw args.error(Rule.VALUE_OUT_OF_RANGE, "vertex_buffer " + name + " has more than "
                        + MAX_VERTICES + " vertices");
            }
            throw args.error(Rule.MEMORY_BUDGET_EXCEEDED, budget.exceeded(
                    ResourceSizes.mul(n + 1L, ResourceSizes.VERTEX_BYTES), "vertex_buffer " + name + " with " + (n + 1) + " vertices"));
        }
        int cap = (int) Math.min(Math.max(64L, 2L * n), fit);
        return Arrays.copyOf(data, cap * Resource.VertexBuffer.FLOATS_PER_VERTEX);
    }

    /** {@code index_buffer NAME format=F}, lines {@code i A B C ...}, {@code end}; budgeted as vertices are. */
    private void indexBuffer() {
        args.begin("index_buffer", "usage: index_buffer NAME format=R16_UINT|R32_UINT, then lines i A B C ..., then end",
                "format");
        args.arity(1, 1);
        String name = args.name(1);
        int line = lx.line;
        names.reserve(name, "index_buffer", line);
        IndexFormat format = args.reqEnum("format", Enums.INDEX_FORMAT, Rule.BAD_ENUM,
                D3DEnum.spellings(IndexFormat.class));
        final long max = format.maxIndex();
        int[] data = new int[0];
        int n = 0;
        while (true) {
            if (!lx.next()) {
                throw new TraceException(file, lx.lastLine(), Rule.UNTERMINATED_BLOCK,
                        "index_buffer " + name + " (line " + line + ") has no 'end' before the end of the trace");
            }
            if (lx.isChar(0, 'i')) {
                if (lx.count < 2) {
                    throw args.error(Rule.WRONG_ARITY, "i takes at least one index");
                }
                final byte[] b = lx.bytes();
                for (int t = 1; t < lx.count; t++) {
                    if (n == data.length) {
                        data = growIndices(data, n, name);
                    }
                    long v = Numbers.parseLong(b, lx.start[t], lx.end[t]);
                    if (v == Numbers.BAD_LONG) {
                        throw args.error(Rule.BAD_NUMBER, "index must be an integer, got "
                                + Args.quote(b, lx.start[t], lx.end[t]));
                    }
                    if (v < 0 || v > max) {
                        throw args.error(Rule.VALUE_OUT_OF_RANGE, "index " + v + " does not fit " + format
                                + " (0.." + max + ")");
                    }
                    data[n++] = (int) v; // R32 values above 2^31 are kept as their unsigned bits
                }
            } else if (lx.is(0, "end")) {
                if (lx.count != 1) {
                    throw args.error(Rule.WRONG_ARITY, "end takes no arguments");
                }
                break;
            } else {
                throw args.error(Rule.UNTERMINATED_BLOCK, "index_buffer " + name + " (line " + line
                        + ") takes only i lines and end, got " + Args.quote(lx.bytes(), lx.start[0], lx.end[0]));
            }
        }
        budget.charge(ResourceSizes.mul(n, ResourceSizes.INDEX_BYTES), "index_buffer " + name, args);
        if (data.length != n) {
            data = Arrays.copyOf(data, n);
        }
        define(new Resource.IndexBuffer(name, format, data, n, line));
    }

    private int[] growIndices(int[] data, int n, String name) {
        long fit = Math.min(budget.free() / ResourceSizes.INDEX_BYTES, MAX_INDICES);
        if (n >= fit) {
            if (n >= MAX_INDICES) {
                throw args.error(Rule.VALUE_OUT_OF_RANGE, "index_buffer " + name + " has more than " + MAX_INDICES
                        + " indices");
            }
            throw args.error(Rule.MEMORY_BUDGET_EXCEEDED, budget.exceeded(
                    ResourceSizes.mul(n + 1L, ResourceSizes.INDEX_BYTES), "index_buffer " + name + " with " + (n + 1) + " indices"));
        }
        int cap = (int) Math.min(Math.max(256L, 2L * n), fit);
        return Arrays.copyOf(data, cap);
    }

    private void pipelineState() {
        args.begin("pipeline_state", PipelineStateOptions.USAGE, PipelineStateOptions.KEYS);
        args.arity(1, 1);
        String name = defineName(1, "pipeline state");
        define(new Resource.Pso(name, PipelineStateOptions.parse(args, name, lx.line), lx.line));
    }

    // =================================================================== command lists and submission

    private void commandList() {
        args.begin("command_list", "usage: command_list NAME type=DIRECT|COMPUTE|COPY|VIDEO_DECODE", "type");
        args.arity(1, 1);
        String name = args.name(1);
        names.reserve(name, "command_list", lx.line);
        listType = args.reqEnum("type", Enums.LIST_TYPE, Rule.BAD_ENUM, LIST_TYPES);
        listName = name;
        listLine = lx.line;
        listCommands = new ArrayList<>();
    }

    private void close() {
        args.begin("close", "usage: close");
        args.arity(0, 0);
        CommandList l = new CommandList(listName, listType, Collections.unmodifiableList(listCommands), listLine,
                lx.line);
        names.define(l);
        commandLists.add(l);
        listName = null;
        listCommands = null;
    }

    private void execute() {
        args.begin("execute", "usage: execute LIST [LIST ...] [queue=DIRECT|COMPUTE|COPY|VIDEO_DECODE]", "queue");
        args.arity(1, Integer.MAX_VALUE);
        List<CommandList> lists = new ArrayList<>(args.positionals());
        for (int i = 1; i <= args.positionals(); i++) {
            lists.add(names.commandList(args.name(i)));
        }
        // trace-format.md: the queue defaults to the first list's type.
        CommandListType queue = args.optEnum("queue", lists.get(0).type(), Enums.LIST_TYPE, Rule.BAD_ENUM,
                LIST_TYPES);
        submissions.add(new TopCommand.Execute(List.copyOf(lists), queue, lx.line));
    }

    private void waitIdle() {
        args.begin("wait_idle", "usage: wait_idle");
        args.arity(0, 0);
        submissions.add(new TopCommand.WaitIdle(lx.line));
    }

    private void dump() {
        args.begin("dump", "usage: dump BUFFER [offset=O] [count=N]", "offset", "count");
        args.arity(1, 1);
        Resource.Buffer buf = names.resource(args.name(1), Resource.Buffer.class, "dump buffer");
        long offset = args.optInteger("offset", 0, 0, Long.MAX_VALUE);
        // trace-format.md: by default the whole buffer from O, i.e. (size - O) / 8 words.
        long count = args.has("count") ? args.optInteger("count", 0, 0, Long.MAX_VALUE)
                : Math.max(0, (buf.size() - offset) / 8);
        submissions.add(new TopCommand.Dump(buf, offset, count, lx.line));
    }

    // =================================================================== queues, fences, video decode
    // (an addition to format version 1: trace-format.md, "Queues, fences and video decode")

    /** {@code fence NAME [initial=V]}: ID3D12Device::CreateFence(InitialValue, ...). */
    private void fence() {
        args.begin("fence", "usage: fence NAME [initial=V]", "initial");
        args.arity(1, 1);
        String name = defineName(1, "fence");
        long initial = args.optInteger("initial", 0, 0, MAX_FENCE_VALUE);
        define(new Resource.Fence(name, initial, lx.line));
    }

    /**
     * {@code signal FENCE VALUE [queue=Q]} / {@code wait FENCE VALUE [queue=Q]}:
     * ID3D12CommandQueue::Signal / ::Wait on queue Q (default DIRECT).
     */
    private void fenceOp(boolean signal) {
        String cmd = signal ? "signal" : "wait";
        args.begin(cmd, "usage: " + cmd + " FENCE VALUE [queue=DIRECT|COMPUTE|COPY|VIDEO_DECODE]", "queue");
        args.arity(2, 2);
        Resource.Fence fence = names.resource(args.name(1), Resource.Fence.class, cmd + " fence");
        long value = args.integer(2, "VALUE", 0, MAX_FENCE_VALUE);
        CommandListType queue = args.optEnum("queue", CommandListType.DIRECT, Enums.LIST_TYPE, Rule.BAD_ENUM,
                LIST_TYPES);
        submissions.add(signal ? new TopCommand.Signal(fence, value, queue, lx.line)
                : new TopCommand.Wait(fence, value, queue, lx.line));
    }

    /**
     * {@code video_decoder_heap NAME width=W height=H bitrate=BPS framerate=N[/D]}:
     * D3D12_VIDEO_DECODER_HEAP_DESC's DecodeWidth, DecodeHeight, BitRate and FrameRate
     * (a DXGI_RATIONAL; every field a UINT, the rational's terms non-zero).
     */
    private void videoDecoderHeap() {
        args.begin("video_decoder_heap", "usage: video_decoder_heap NAME width=W height=H bitrate=BPS framerate=N[/D]",
                "width", "height", "bitrate", "framerate");
        args.arity(1, 1);
        String name = defineName(1, "video decoder heap");
        int w = dimension("width");
        int h = dimension("height");
        long bitRate = args.range(args.reqInteger("bitrate"), 1, UINT_MAX, "bitrate=");
        long[] fps = args.reqRational("framerate", UINT_MAX);
        define(new Resource.VideoDecoderHeap(name, w, h, bitRate, fps[0], fps[1], lx.line));
    }

    /** {@code decode_frame HEAP BYTES [bitstream=BUFFER] [offset=O]}: ID3D12VideoDecodeCommandList::DecodeFrame. */
    private void decodeFrame() {
        args.begin("decode_frame", "usage: decode_frame HEAP BYTES [bitstream=BUFFER] [offset=O]", "bitstream",
                "offset");
        args.arity(2, 2);
        Resource.VideoDecoderHeap heap = names.resource(args.name(1), Resource.VideoDecoderHeap.class,
                "video decoder heap");
        long bytes = args.integer(2, "BYTES", 1, UINT_MAX);
        String bs = args.optName("bitstream");
        Resource.Buffer buf = bs == null ? null : names.resource(bs, Resource.Buffer.class, "bitstream=");
        long offset = args.optInteger("offset", 0, 0, Long.MAX_VALUE);
        add(new Command.DecodeFrame(heap, bytes, buf, offset, lx.line));
    }

    // =================================================================== list commands

    private void add(Command c) {
        listCommands.add(c);
    }

    private void setPipelineState() {
        args.begin("set_pipeline_state", "usage: set_pipeline_state PSO");
        args.arity(1, 1);
        add(new Command.SetPipelineState(names.resource(args.name(1), Resource.Pso.class, "pipeline state"), lx.line));
    }

    private void setRenderTargets() {
        args.begin("set_render_targets", "usage: set_render_targets [rt=NAME] [ds=NAME]", "rt", "ds");
        args.arity(0, 0);
        String rt = args.optName("rt");
        String ds = args.optName("ds");
        add(new Command.SetRenderTargets(
                rt == null ? null : names.resource(rt, Resource.RenderTarget.class, "rt="),
                ds == null ? null : names.resource(ds, Resource.DepthStencil.class, "ds="), lx.line));
    }

    /** RSSetViewports: W, H > 0, inside D3D12_VIEWPORT_BOUNDS, depths in 0..1 (default 0 1). */
    private void setViewport() {
        args.begin("set_viewport", "usage: set_viewport X Y W H [MIN_DEPTH MAX_DEPTH]");
        args.arity(4, 6);
        if (args.positionals() == 5) {
            throw args.error(Rule.WRONG_ARITY, "set_viewport takes 4 or 6 positional arguments, got 5"
                    + " (usage: set_viewport X Y W H [MIN_DEPTH MAX_DEPTH])");
        }
        float x = args.number(1, "X");
        float y = args.number(2, "Y");
        float w = args.number(3, "W");
        float h = args.number(4, "H");
        float min = args.positionals() == 6 ? args.number(5, "MIN_DEPTH") : 0f;
        float max = args.positionals() == 6 ? args.number(6, "MAX_DEPTH") : 1f;
        if (!(w > 0) || !(h > 0)) {
            throw args.error(Rule.VALUE_OUT_OF_RANGE, "viewport width and height must be greater than 0, got "
                    + w + " x " + h);
        }
        if (x < VIEWPORT_BOUNDS_MIN || y < VIEWPORT_BOUNDS_MIN || (double) x + w > VIEWPORT_BOUNDS_MAX
                || (double) y + h > VIEWPORT_BOUNDS_MAX) {
            throw args.error(Rule.VALUE_OUT_OF_RANGE, "the viewport must lie within " + VIEWPORT_BOUNDS_MIN + ".."
                    + VIEWPORT_BOUNDS_MAX + " (D3D12_VIEWPORT_BOUNDS)");
        }
        if (min < 0 || min > 1 || max < 0 || max > 1) {
            throw args.error(Rule.VALUE_OUT_OF_RANGE, "viewport depths must be in 0..1, got " + min + " " + max);
        }
        add(new Command.SetViewport(x, y, w, h, min, max, lx.line));
    }

    private void setScissor() {
        args.begin("set_scissor", "usage: set_scissor LEFT TOP RIGHT BOTTOM");
        args.arity(4, 4);
        int l = (int) args.integer(1, "LEFT", VIEWPORT_BOUNDS_MIN, VIEWPORT_BOUNDS_MAX);
        int t = (int) args.integer(2, "TOP", VIEWPORT_BOUNDS_MIN, VIEWPORT_BOUNDS_MAX);
        int r = (int) args.integer(3, "RIGHT", VIEWPORT_BOUNDS_MIN, VIEWPORT_BOUNDS_MAX);
        int bo = (int) args.integer(4, "BOTTOM", VIEWPORT_BOUNDS_MIN, VIEWPORT_BOUNDS_MAX);
        if (l > r || t > bo) {
            throw args.error(Rule.VALUE_OUT_OF_RANGE, "scissor needs LEFT <= RIGHT and TOP <= BOTTOM, got "
                    + l + " " + t + " " + r + " " + bo);
        }
        add(new Command.SetScissor(l, t, r, bo, lx.line));
    }

    private void setStencilRef() {
        args.begin("set_stencil_ref", "usage: set_stencil_ref N");
        args.arity(1, 1);
        // The stencil buffer is 8 bits; the trace format takes the reference as 0..255.
        add(new Command.SetStencilRef((int) args.integer(1, "stencil reference", 0, 255), lx.line));
    }

    private void setTransform() {
        args.begin("set_transform", "usage: set_transform M00 M01 M02 M03 M10 ... M33 (16 numbers, row-major)");
        args.arity(16, 16);
        float[] m = new float[16];
        for (int i = 0; i < 16; i++) {
            m[i] = args.number(i + 1, "matrix element");
        }
        add(new Command.SetTransform(m, lx.line));
    }

    private void setVertexBuffer() {
        args.begin("set_vertex_buffer", "usage: set_vertex_buffer VB");
        args.arity(1, 1);
        add(new Command.SetVertexBuffer(names.resource(args.name(1), Resource.VertexBuffer.class, "vertex buffer"),
                lx.line));
    }

    private void setIndexBuffer() {
        args.begin("set_index_buffer", "usage: set_index_buffer IB");
        args.arity(1, 1);
        add(new Command.SetIndexBuffer(names.resource(args.name(1), Resource.IndexBuffer.class, "index buffer"),
                lx.line));
    }

    /**
     * ClearDepthStencilView. trace-format.md: with neither depth= nor stencil=, depth is
     * cleared to 1.0 and stencil to 0 (stencil only where the format has one); with one or
     * both named, only those aspects.
     */
    private void clearDepthStencil() {
        args.begin("clear_depth_stencil", "usage: clear_depth_stencil DS [depth=D] [stencil=S]", "depth", "stencil");
        args.arity(1, 1);
        Resource.DepthStencil ds = names.resource(args.name(1), Resource.DepthStencil.class, "depth-stencil");
        boolean hasDepth = args.has("depth");
        boolean hasStencil = args.has("stencil");
        float depth = args.optNumber("depth", 1f);
        if (depth < 0 || depth > 1) {
            throw args.error(Rule.VALUE_OUT_OF_RANGE, "depth= must be in 0..1, got " + depth);
        }
        int stencil = (int) args.optInteger("stencil", 0, 0, 255);
        boolean both = !hasDepth && !hasStencil;
        add(new Command.ClearDepthStencil(ds, both || hasDepth, depth,
                both ? ds.format().hasStencil() : hasStencil, stencil, lx.line));
    }

    private void clearRenderTarget() {
        args.begin("clear_render_target", "usage: clear_render_target RT R G B A");
        args.arity(5, 5);
        Resource.RenderTarget rt = names.resource(args.name(1), Resource.RenderTarget.class, "render target");
        add(new Command.ClearRenderTarget(rt, args.number(2, "R"), args.number(3, "G"), args.number(4, "B"),
                args.number(5, "A"), lx.line));
    }

    /** DrawInstanced: all arguments are UINTs. */
    private void draw() {
        args.begin("draw", "usage: draw COUNT [start=N] [instances=N] [start_instance=N]",
                "start", "instances", "start_instance");
        args.arity(1, 1);
        long count = args.integer(1, "COUNT", 0, UINT_MAX);
        long start = args.optInteger("start", 0, 0, UINT_MAX);
        long instances = args.optInteger("instances", 1, 0, UINT_MAX);
        long startInstance = args.optInteger("start_instance", 0, 0, UINT_MAX);
        add(new Command.Draw(count, start, instances, startInstance, lx.line));
    }

    /**
     * DrawIndexedInstanced: BaseVertexLocation is an INT, the rest UINTs. start_instance is
     * accepted as well, as DrawIndexedInstanced has it (the format may accept more).
     */
    private void drawIndexed() {
        args.begin("draw_indexed", "usage: draw_indexed COUNT [start=N] [base_vertex=N] [instances=N]",
                "start", "base_vertex", "instances", "start_instance");
        args.arity(1, 1);
        long count = args.integer(1, "COUNT", 0, UINT_MAX);
        long start = args.optInteger("start", 0, 0, UINT_MAX);
        long base = args.optInteger("base_vertex", 0, Integer.MIN_VALUE, Integer.MAX_VALUE);
        long instances = args.optInteger("instances", 1, 0, UINT_MAX);
        long startInstance = args.optInteger("start_instance", 0, 0, UINT_MAX);
        add(new Command.DrawIndexed(count, start, base, instances, startInstance, lx.line));
    }

    private void dispatch() {
        args.begin("dispatch", "usage: dispatch X Y Z");
        args.arity(3, 3);
        // D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION is 65535.
        add(new Command.Dispatch(args.integer(1, "X", 0, MAX_DISPATCH), args.integer(2, "Y", 0, MAX_DISPATCH),
                args.integer(3, "Z", 0, MAX_DISPATCH), lx.line));
    }

    private void query(boolean begin) {
        String cmd = begin ? "begin_query" : "end_query";
        args.begin(cmd, "usage: " + cmd + " HEAP TYPE INDEX");
        args.arity(3, 3);
        Resource.QueryHeap heap = names.resource(args.name(1), Resource.QueryHeap.class, "query heap");
        QueryType type = queryType(2);
        int index = queryIndex(3, heap, "INDEX");
        add(begin ? new Command.BeginQuery(heap, type, index, lx.line) : new Command.EndQuery(heap, type, index, lx.line));
    }

    /**
     * D3D12 core runtime: the query type must be a member of D3D12_QUERY_TYPE (the Direct3D 12 "Queries"
     * documentation and the D3D12_QUERY_TYPE documentation).
     */
    private QueryType queryType(int i) {
        return args.enumValue(i, Enums.QUERY_TYPE, Rule.QUERY_TYPE_INVALID, "query type",
                "a D3D12_QUERY_TYPE (" + D3DEnum.spellings(QueryType.class) + ")");
    }

    /** A UINT element index; anything that cannot be below a heap's count is out of range at once. */
    private int queryIndex(int i, Resource.QueryHeap heap, String what) {
        long v = args.integer(i, what, Long.MIN_VALUE + 1, Long.MAX_VALUE);
        if (v < 0 || v > INT_MAX) {
            throw args.error(Rule.QUERY_INDEX_OUT_OF_RANGE, what + " " + v + " is outside query heap "
                    + heap.name() + " (count " + heap.count() + ")");
        }
        return (int) v;
    }

    private void resolveQueryData() {
        args.begin("resolve_query_data", "usage: resolve_query_data HEAP TYPE START COUNT BUFFER OFFSET");
        args.arity(6, 6);
        Resource.QueryHeap heap = names.resource(args.name(1), Resource.QueryHeap.class, "query heap");
        QueryType type = queryType(2);
        long start = args.integer(3, "START", 0, UINT_MAX);
        long count = args.integer(4, "COUNT", 0, UINT_MAX);
        if (start + count > INT_MAX) {
            throw args.error(Rule.RESOLVE_RANGE, "queries " + start + ".." + (start + count - 1)
                    + " are outside query heap " + heap.name() + " (count " + heap.count() + ")");
        }
        // D3D12 core runtime: ResolveQueryData's destination must be a buffer.
        Resource.Buffer buf = names.resource(args.name(5), Resource.Buffer.class, "resolve destination",
                Rule.RESOLVE_DEST_NOT_BUFFER);
        long offset = args.integer(6, "OFFSET", 0, Long.MAX_VALUE);
        add(new Command.ResolveQueryData(heap, type, (int) start, (int) count, buf, offset, lx.line));
    }

    private void resourceBarrier() {
        args.begin("resource_barrier", "usage: resource_barrier RESOURCE BEFORE AFTER");
        args.arity(3, 3);
        Resource.Buffer buf = names.resource(args.name(1), Resource.Buffer.class, "barrier resource");
        String states = "a D3D12_RESOURCE_STATE (" + D3DEnum.spellings(ResourceState.class) + ")";
        ResourceState before = args.enumValue(2, Enums.RESOURCE_STATE, Rule.BAD_ENUM, "BEFORE", states);
        ResourceState after = args.enumValue(3, Enums.RESOURCE_STATE, Rule.BAD_ENUM, "AFTER", states);
        add(new Command.ResourceBarrier(buf, before.bits(), after.bits(), lx.line));
    }

    private void setPredication() {
        String usage = "usage: set_predication BUFFER OFFSET EQUAL_ZERO|NOT_EQUAL_ZERO, or set_predication null";
        args.begin("set_predication", usage);
        if (args.positionals() == 1 && args.isWord(1, "null")) {
            add(new Command.SetPredication(null, 0, null, lx.line));
            return;
        }
        args.arity(3, 3);
        // D3D12 core runtime: SetPredication takes a buffer.
        Resource.Buffer buf = names.resource(args.name(1), Resource.Buffer.class, "predication resource",
                Rule.PREDICATION_NOT_BUFFER);
        long offset = args.integer(2, "OFFSET", 0, Long.MAX_VALUE);
        // D3D12 core runtime: the op must be a member of D3D12_PREDICATION_OP.
        PredicationOp op = args.enumValue(3, Enums.PREDICATION_OP, Rule.PREDICATION_OP_INVALID, "predication op",
                "a D3D12_PREDICATION_OP (EQUAL_ZERO, NOT_EQUAL_ZERO)");
        add(new Command.SetPredication(buf, offset, op, lx.line));
    }

    private void copyBufferRegion() {
        args.begin("copy_buffer_region", "usage: copy_buffer_region DST DST_OFFSET SRC SRC_OFFSET BYTES");
        args.arity(5, 5);
        Resource.Buffer dst = names.resource(args.name(1), Resource.Buffer.class, "copy destination");
        long dstOffset = args.integer(2, "DST_OFFSET", 0, Long.MAX_VALUE);
        Resource.Buffer src = names.resource(args.name(3), Resource.Buffer.class, "copy source");
        long srcOffset = args.integer(4, "SRC_OFFSET", 0, Long.MAX_VALUE);
        long bytes = args.integer(5, "BYTES", 0, Long.MAX_VALUE);
        add(new Command.CopyBufferRegion(dst, dstOffset, src, srcOffset, bytes, lx.line));
    }

    /** ID3D11DeviceContextX::WriteQuery(QueryType, QueryIndex, Flags, pBuffer, OffsetInBytes, StrideInBytes). */
    private void writeQuery() {
        args.begin("write_query", "usage: write_query TYPE INDEX FLAGS BUFFER OFFSET STRIDE");
        args.arity(6, 6);
        D3D11Query type = args.enumValue(1, Enums.D3D11_QUERY, Rule.BAD_ENUM, "query type",
                "a D3D11_QUERY (" + D3DEnum.spellings(D3D11Query.class) + ")");
        int index = (int) args.integer(2, "INDEX", 0, INT_MAX);
        int flags = (int) args.integer(3, "FLAGS", 0, UINT_MAX); // UINT bits kept in an int
        Resource.Buffer buf = names.resource(args.name(4), Resource.Buffer.class, "write_query buffer");
        long offset = args.integer(5, "OFFSET", 0, Long.MAX_VALUE);
        int stride = (int) args.integer(6, "STRIDE", 0, INT_MAX);
        add(new Command.WriteQuery(type, index, flags, buf, offset, stride, lx.line));
    }

    /**
     * SOSetTargets (trace-format.md, "Additions: stream output"): up to
     * D3D12_SO_BUFFER_SLOT_COUNT views for slots 0, 1, ..., each
     * {@code BUFFER OFFSET SIZE FILLED_BUFFER FILLED_OFFSET} (D3D12_STREAM_OUTPUT_BUFFER_VIEW)
     * or {@code null}; slots not named are unbound. A view with SIZE 0 binds nothing (Microsoft:
     * "If SizeInBytes is 0, this member isn't used").
     */
    private void setSoTargets() {
        String usage = "usage: set_so_targets VIEW [VIEW ...], at most " + StreamOutput.SLOT_COUNT
                + " views, each 'BUFFER OFFSET SIZE FILLED_BUFFER FILLED_OFFSET' or 'null'";
        args.begin("set_so_targets", usage);
        args.arity(1, StreamOutput.SLOT_COUNT * 5);
        SoTargetView[] views = new SoTargetView[StreamOutput.SLOT_COUNT];
        int n = args.positionals();
        int slot = 0;
        for (int i = 1; i <= n; slot++) {
            if (slot == StreamOutput.SLOT_COUNT) {
                throw args.error(Rule.WRONG_ARITY, "set_so_targets binds at most " + StreamOutput.SLOT_COUNT
                        + " slots (D3D12_SO_BUFFER_SLOT_COUNT); " + (n - i + 1) + " more arguments (" + usage + ")");
            }
            if (args.isWord(i, "null")) {
                i++;
                continue;
            }
            if (i + 4 > n) {
                throw args.error(Rule.WRONG_ARITY, "slot " + slot + " needs BUFFER OFFSET SIZE FILLED_BUFFER "
                        + "FILLED_OFFSET, got " + (n - i + 1) + " argument" + (n - i == 0 ? "" : "s") + " (" + usage + ")");
            }
            Resource.Buffer buf = names.resource(args.name(i), Resource.Buffer.class, "stream-output buffer");
            // D3D12_STREAM_OUTPUT_BUFFER_VIEW: addresses and SizeInBytes are UINT64.
            long offset = args.integer(i + 1, "OFFSET", 0, Long.MAX_VALUE);
            long size = args.integer(i + 2, "SIZE", 0, Long.MAX_VALUE);
            Resource.Buffer filled = names.resource(args.name(i + 3), Resource.Buffer.class, "filled-size buffer");
            long filledOffset = args.integer(i + 4, "FILLED_OFFSET", 0, Long.MAX_VALUE);
            views[slot] = size == 0 ? null : new SoTargetView(buf, offset, size, filled, filledOffset);
            i += 5;
        }
        add(new Command.SetSoTargets(views, lx.line));
    }

    // =================================================================== helpers

    private String defineName(int i, String kind) {
        String name = args.name(i);
        names.reserve(name, kind, lx.line);
        return name;
    }

    private void define(Resource r) {
        names.define(r);
        resources.add(r);
    }
}
