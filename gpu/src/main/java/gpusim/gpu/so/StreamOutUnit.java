package gpusim.gpu.so;

import gpusim.gpu.PipelineCounters;
import gpusim.gpu.work.GeomBatch;
import gpusim.sim.MemoryClient;
import gpusim.sim.MemoryRequest;
import gpusim.trace.StreamOutput;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.function.Consumer;

/**
 * The stream-output stage, after the vertex stage and before clipping (in Direct3D 12 the SO
 * stage sits between the geometry stages and the rasterizer). For every primitive a draw with
 * a streaming pipeline state produces, on its pipeline state's stream S and buffer slot K:
 * <ul>
 * <li>PrimitivesStorageNeeded of stream S counts it (D3D12_QUERY_DATA_SO_STATISTICS: "the
 * total number of primitives that would have been written ... had there been enough
 * space");</li>
 * <li>if its three vertices fit, BufferFilledSize + 3 x stride <= SizeInBytes, they are
 * written at BufferLocation + BufferFilledSize, one stride apart, each as x y z w r g b a in
 * 32-bit little-endian floats (clip-space position and colour, after the transform), the
 * filled size grows by 3 x stride and NumPrimitivesWritten of stream S counts it ("the number
 * of primitives ... actually written"); otherwise nothing is written (overflow).</li>
 * </ul>
 * An unbound slot counts as a buffer of size 0. The bytes of a stride past the 32 the
 * declaration writes are left untouched. The vertex data of a batch goes to memory in one
 * write when the stride is 32 bytes (else one 32-byte write a vertex), followed by the new
 * filled size (a u32 at BufferFilledSizeLocation, "which the hardware will increment as data
 * is output": D3D12_STREAM_OUTPUT_BUFFER_VIEW).
 */
public final class StreamOutUnit {
    private static final VarHandle FLOAT_LE = MethodHandles.byteArrayViewVarHandle(float[].class,
            ByteOrder.LITTLE_ENDIAN);

    private final PipelineCounters counters;
    private final Consumer<MemoryRequest> memory;
    private SoBinding binding;
    /** Vertices written to memory, for the statistics. */
    private long verticesWritten;

    /** {@code memory} issues the unit's writes (the vertex stage's memory output). */
    public StreamOutUnit(PipelineCounters counters, Consumer<MemoryRequest> memory) {
        this.counters = counters;
        this.memory = memory;
    }

    /** SOSetTargets reaching the stage: later batches stream to {@code b} (null: nothing bound). */
    public void bind(SoBinding b) {
        binding = b;
    }

    public long verticesWritten() {
        return verticesWritten;
    }

    /**
     * Streams out batch {@code b} (its positions and colours already computed) and returns
     * whether it goes on to the rasterizer: always without stream output, else only when the
     * pipeline state's RasterizedStream is its stream.
     */
    public boolean process(GeomBatch b) {
        StreamOutput so = b.state.pso().streamOutput();
        if (so == null) {
            return true;
        }
        int prims = b.primCount;
        counters.soNeeded[so.stream()] += prims;
        int slot = so.slot();
        SoBinding t = binding;
        if (prims > 0 && t != null && t.bound[slot]) {
            long stride = so.stride();
            long perPrim = 3 * stride;
            // BufferFilledSize is 32 bits: never let it pass 2^32 - 1.
            long room = Math.min(t.size[slot], SoBinding.MAX_FILLED) - t.filled[slot];
            int fit = room <= 0 ? 0 : (int) Math.min(prims, room / perPrim);
            if (fit > 0) {
                write(b, fit, t.address[slot] + t.filled[slot], (int) stride);
                t.filled[slot] += fit * perPrim;
                long f = t.filled[slot];
                memory.accept(MemoryRequest.write(t.filledAddress[slot],
                        new byte[] {(byte) f, (byte) (f >>> 8), (byte) (f >>> 16), (byte) (f >>> 24)}, null, null)
                        .from(MemoryClient.STREAM_OUT));
                counters.soWritten[so.stream()] += fit;
            }
        }
        return so.rasterizes();
    }

    /** Writes the vertices of the first {@code prims} primitives of {@code b} from {@code address}. */
    private void write(GeomBatch b, int prims, long address, int stride) {
        int vertices = prims * 3;
        verticesWritten += vertices;
        if (stride == StreamOutput.VERTEX_BYTES) {
            byte[] data = new byte[vertices * StreamOutput.VERTEX_BYTES];
            for (int v = 0; v < vertices; v++) {
                put(b, b.prims[v], data, v * StreamOutput.VERTEX_BYTES);
            }
            memory.accept(MemoryRequest.write(address, data, null, null).from(MemoryClient.STREAM_OUT));
            return;
        }
        for (int v = 0; v < vertices; v++) {
            byte[] data = new byte[StreamOutput.VERTEX_BYTES];
            put(b, b.prims[v], data, 0);
            memory.accept(MemoryRequest.write(address + (long) v * stride, data, null, null)
                    .from(MemoryClient.STREAM_OUT));
        }
    }

    /** Vertex {@code local} of the batch as 8 little-endian floats at {@code off}. */
    private static void put(GeomBatch b, int local, byte[] data, int off) {
        int o = local * 4;
        for (int k = 0; k < 4; k++) {
            FLOAT_LE.set(data, off + 4 * k, b.position[o + k]);
            FLOAT_LE.set(data, off + 16 + 4 * k, b.color[o + k]);
        }
    }
}
