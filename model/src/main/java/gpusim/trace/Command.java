package gpusim.trace;

import gpusim.api.D3D11Query;
import gpusim.api.PredicationOp;
import gpusim.api.QueryType;

/** A command recorded in a command list. Every command knows the trace line it came from. */
public sealed interface Command {
    int line();

    /** Whether D3D12 predication can skip this command: draws, dispatches, clears and copies. */
    default boolean predicated() {
        return false;
    }

    record SetPipelineState(Resource.Pso pso, int line) implements Command {
    }

    record SetRenderTargets(Resource.RenderTarget rt, Resource.DepthStencil ds, int line) implements Command {
    }

    record SetViewport(float x, float y, float width, float height, float minDepth, float maxDepth, int line)
            implements Command {
    }

    record SetScissor(int left, int top, int right, int bottom, int line) implements Command {
    }

    record SetStencilRef(int ref, int line) implements Command {
    }

    /** Row-major 4x4: clip = M x (x y z w). */
    record SetTransform(float[] m, int line) implements Command {
    }

    record SetVertexBuffer(Resource.VertexBuffer vb, int line) implements Command {
    }

    record SetIndexBuffer(Resource.IndexBuffer ib, int line) implements Command {
    }

    /** ClearDepthStencilView: {@code clearDepth}/{@code clearStencil} say which aspects are cleared. */
    record ClearDepthStencil(Resource.DepthStencil ds, boolean clearDepth, float depth, boolean clearStencil,
                             int stencil, int line) implements Command {
        @Override
        public boolean predicated() {
            return true;
        }
    }

    record ClearRenderTarget(Resource.RenderTarget rt, float r, float g, float b, float a, int line)
            implements Command {
        @Override
        public boolean predicated() {
            return true;
        }
    }

    /** DrawInstanced. */
    record Draw(long vertexCount, long startVertex, long instances, long startInstance, int line)
            implements Command {
        @Override
        public boolean predicated() {
            return true;
        }
    }

    /** DrawIndexedInstanced. */
    record DrawIndexed(long indexCount, long startIndex, long baseVertex, long instances, long startInstance,
                       int line) implements Command {
        @Override
        public boolean predicated() {
            return true;
        }
    }

    record Dispatch(long x, long y, long z, int line) implements Command {
        @Override
        public boolean predicated() {
            return true;
        }
    }

    record BeginQuery(Resource.QueryHeap heap, QueryType type, int index, int line) implements Command {
    }

    record EndQuery(Resource.QueryHeap heap, QueryType type, int index, int line) implements Command {
    }

    record ResolveQueryData(Resource.QueryHeap heap, QueryType type, int start, int count,
                            Resource.Buffer buffer, long offset, int line) implements Command {
    }

    record ResourceBarrier(Resource.Buffer buffer, int before, int after, int line) implements Command {
    }

    /** SetPredication; {@code buffer} null turns predication off. */
    record SetPredication(Resource.Buffer buffer, long offset, PredicationOp op, int line) implements Command {
    }

    record CopyBufferRegion(Resource.Buffer dst, long dstOffset, Resource.Buffer src, long srcOffset, long bytes,
                            int line) implements Command {
        @Override
        public boolean predicated() {
            return true;
        }
    }

    /**
     * SOSetTargets for all {@link StreamOutput#SLOT_COUNT} slots: {@code views[slot]}, null where
     * the slot is unbound (trace-format.md, "Additions: stream output").
     */
    record SetSoTargets(SoTargetView[] views, int line) implements Command {
    }

    /**
     * ID3D12VideoDecodeCommandList::DecodeFrame of one compressed frame of {@code bytes} bytes
     * with decoder heap {@code heap}; the bitstream is read from {@code bitstream} at
     * {@code offset} when a buffer is named (null: not modelled in memory).
     */
    record DecodeFrame(Resource.VideoDecoderHeap heap, long bytes, Resource.Buffer bitstream, long offset, int line)
            implements Command {
    }

    /** ID3D11DeviceContextX::WriteQuery. */
    record WriteQuery(D3D11Query type, int index, int flags, Resource.Buffer buffer, long offset, int stride,
                      int line) implements Command {
    }
}
