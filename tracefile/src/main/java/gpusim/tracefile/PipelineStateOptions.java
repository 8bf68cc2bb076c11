package gpusim.tracefile;

import gpusim.api.BlendMode;
import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.D3DEnum;
import gpusim.api.PrimitiveTopology;
import gpusim.api.StencilOp;
import gpusim.trace.PipelineState;
import gpusim.trace.StencilFace;
import gpusim.trace.StreamOutput;

/**
 * The options of {@code pipeline_state NAME [options]}, with the Direct3D 12 defaults of
 * {@link PipelineState#defaults} (trace-format.md, "Pipeline state options").
 */
final class PipelineStateOptions {
    private PipelineStateOptions() {
    }

    static final String USAGE = "usage: pipeline_state NAME [topology=T] [cull=C] [front_ccw=on|off] "
            + "[depth_clip=on|off] [depth=on|off] [depth_write=on|off] [depth_func=F] [stencil=on|off] "
            + "[stencil_read_mask=0..255] [stencil_write_mask=0..255] [stencil_func=F] [stencil_pass=OP] "
            + "[stencil_fail=OP] [stencil_depth_fail=OP] [back_stencil_func=F] [back_stencil_pass=OP] "
            + "[back_stencil_fail=OP] [back_stencil_depth_fail=OP] [color_write=0..15] [blend=off|alpha] "
            + "[vs_cycles=N] [ps_cycles=N] [so_stream=0..3] [so_slot=0..3] [so_stride=BYTES] "
            + "[so_rasterized_stream=0..3|NO_RASTERIZED_STREAM] [late_z=on|off]";

    static final String[] KEYS = {
        "topology", "cull", "front_ccw", "depth_clip", "depth", "depth_write", "depth_func", "stencil",
        "stencil_read_mask", "stencil_write_mask", "stencil_func", "stencil_pass", "stencil_fail",
        "stencil_depth_fail", "back_stencil_func", "back_stencil_pass", "back_stencil_fail",
        "back_stencil_depth_fail", "color_write", "blend", "vs_cycles", "ps_cycles",
        // trace-format.md, "Additions: stream output"
        "so_stream", "so_slot", "so_stride", "so_rasterized_stream",
        // a model addition: late depth/stencil (docs/model.md, "Early and late Z")
        "late_z",
    };
    private static final String[] SO_KEYS = {"so_slot", "so_stride", "so_rasterized_stream"};

    /** The model's shader-cost keys (vs.cycles, ps.cycles) allow 0..100000 cycles. */
    static final long MAX_SHADER_CYCLES = 100_000;

    private static final String TOPOLOGIES = D3DEnum.spellings(PrimitiveTopology.class);
    private static final String CULLS = D3DEnum.spellings(CullMode.class);
    private static final String FUNCS = D3DEnum.spellings(ComparisonFunc.class);
    private static final String OPS = D3DEnum.spellings(StencilOp.class);

    /** Parses the options of the current line (Args.begin has been called with {@link #KEYS}). */
    static PipelineState parse(Args a, String name, int line) {
        PipelineState d = PipelineState.defaults(name, line);
        PrimitiveTopology topology = a.optEnum("topology", d.topology(), Enums.TOPOLOGY, Rule.BAD_ENUM,
                TOPOLOGIES);
        CullMode cull = a.optEnum("cull", d.cull(), Enums.CULL, Rule.BAD_ENUM, CULLS);
        boolean frontCcw = a.optBool("front_ccw", d.frontCcw());
        boolean depthClip = a.optBool("depth_clip", d.depthClip());
        boolean depth = a.optBool("depth", d.depthEnable());
        boolean depthWrite = a.optBool("depth_write", d.depthWrite());
        ComparisonFunc depthFunc = a.optEnum("depth_func", d.depthFunc(), Enums.COMPARISON, Rule.BAD_ENUM, FUNCS);
        boolean stencil = a.optBool("stencil", d.stencilEnable());
        // D3D12_DEPTH_STENCIL_DESC: StencilReadMask / StencilWriteMask are UINT8.
        int readMask = (int) a.optInteger("stencil_read_mask", d.stencilReadMask(), 0, 255);
        int writeMask = (int) a.optInteger("stencil_write_mask", d.stencilWriteMask(), 0, 255);
        StencilFace front = face(a, "", d.front());
        StencilFace back = face(a, "back_", d.back());
        // D3D12_RENDER_TARGET_BLEND_DESC.RenderTargetWriteMask: D3D12_COLOR_WRITE_ENABLE bits, 0..15.
        int colorWrite = (int) a.optInteger("color_write", d.colorWriteMask(), 0, 15);
        BlendMode blend = a.optEnum("blend", d.blend(), Enums.BLEND, Rule.BAD_ENUM, "off, alpha");
        int vs = (int) a.optInteger("vs_cycles", d.vsCycles(), 0, MAX_SHADER_CYCLES);
        int ps = (int) a.optInteger("ps_cycles", d.psCycles(), 0, MAX_SHADER_CYCLES);
        // A model addition: the pixel shader writes depth or discards, so depth/stencil run after it.
        boolean lateZ = a.optBool("late_z", d.lateZ());
        return new PipelineState(name, topology, cull, frontCcw, depthClip, depth, depthWrite, depthFunc, stencil,
                readMask, writeMask, front, back, colorWrite, blend, vs, ps, streamOutput(a), lateZ, line);
    }

    /**
     * D3D12_STREAM_OUTPUT_DESC from the so_ options (trace-format.md, "Additions: stream
     * output"); null without so_stream. Stream and slot: D3D12_SO_STREAM_COUNT and
     * D3D12_SO_BUFFER_SLOT_COUNT are 4. The stride (pBufferStrides[slot]) must hold the 32
     * bytes the model's declaration writes, be a whole number of 32-bit components and be at
     * most D3D12_SO_BUFFER_MAX_STRIDE_IN_BYTES (2048), checked where the pipeline state is made
     * (CreateGraphicsPipelineState).
     */
    private static StreamOutput streamOutput(Args a) {
        if (!a.has("so_stream")) {
            for (String k : SO_KEYS) {
                if (a.has(k)) {
                    throw a.error(Rule.BAD_OPTION, k + "= needs so_stream= (the pipeline state streams nothing out)");
                }
            }
            return null;
        }
        int stream = (int) a.optInteger("so_stream", 0, 0, StreamOutput.STREAM_COUNT - 1);
        int slot = (int) a.optInteger("so_slot", 0, 0, StreamOutput.SLOT_COUNT - 1);
        long stride = a.optInteger("so_stride", StreamOutput.VERTEX_BYTES, 0, TraceReader.UINT_MAX);
        if (stride < StreamOutput.VERTEX_BYTES || stride > StreamOutput.MAX_STRIDE || stride % 4 != 0) {
            throw a.error(Rule.SO_STRIDE_INVALID, "so_stride=" + stride + " must be a multiple of 4 from "
                    + StreamOutput.VERTEX_BYTES + " (the bytes each streamed vertex holds) to "
                    + StreamOutput.MAX_STRIDE + " (D3D12_SO_BUFFER_MAX_STRIDE_IN_BYTES)");
        }
        // D3D12_STREAM_OUTPUT_DESC zero-initialised: RasterizedStream 0.
        int rasterized = 0;
        if (a.has("so_rasterized_stream")) {
            rasterized = a.optEnum("so_rasterized_stream", 0, RasterizedStream.PARSER, Rule.BAD_ENUM,
                    "0, 1, 2, 3 or NO_RASTERIZED_STREAM (D3D12_SO_NO_RASTERIZED_STREAM)");
        }
        return new StreamOutput(stream, slot, (int) stride, rasterized);
    }

    /** Parses RasterizedStream: a stream index 0..3 or D3D12_SO_NO_RASTERIZED_STREAM. */
    private static final class RasterizedStream implements java.util.function.Function<String, Integer> {
        static final RasterizedStream PARSER = new RasterizedStream();

        @Override
        public Integer apply(String t) {
            if (t.equals("NO_RASTERIZED_STREAM") || t.equals("D3D12_SO_NO_RASTERIZED_STREAM")) {
                return StreamOutput.NO_RASTERIZED_STREAM;
            }
            if (t.length() == 1 && t.charAt(0) >= '0' && t.charAt(0) < '0' + StreamOutput.STREAM_COUNT) {
                return t.charAt(0) - '0';
            }
            return null;
        }
    }

    private static StencilFace face(Args a, String prefix, StencilFace d) {
        ComparisonFunc func = a.optEnum(prefix + "stencil_func", d.func(), Enums.COMPARISON, Rule.BAD_ENUM,
                FUNCS);
        StencilOp pass = a.optEnum(prefix + "stencil_pass", d.passOp(), Enums.STENCIL_OP, Rule.BAD_ENUM, OPS);
        StencilOp fail = a.optEnum(prefix + "stencil_fail", d.failOp(), Enums.STENCIL_OP, Rule.BAD_ENUM, OPS);
        StencilOp depthFail = a.optEnum(prefix + "stencil_depth_fail", d.depthFailOp(), Enums.STENCIL_OP,
                Rule.BAD_ENUM, OPS);
        return new StencilFace(func, pass, fail, depthFail);
    }
}
