package gpusim.gpu.work;

import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.ps.ColorSurface;

/**
 * An event that travels down the pipeline behind all earlier work, in order with it:
 * query begin/end snapshots, clears, and WriteQuery. The rasterizer broadcasts it to every
 * depth block; the pixel stage joins the copies again.
 */
public final class Marker implements Work {
    public enum Kind {
        /** Each DB writes its ZPASS counter (bit 63 set) to the begin word of its pair. */
        OCCLUSION_BEGIN,
        /** Each DB writes its ZPASS counter (bit 63 set) to the end word of its pair. */
        OCCLUSION_END,
        /** Stages fill their counters into {@link #snapshot}; the pixel stage writes the block. */
        STATS_SNAPSHOT,
        /** Each DB clears its tiles of a depth-stencil surface. */
        CLEAR_DEPTH_STENCIL,
        /** The pixel stage clears a colour surface once every DB has passed the marker. */
        CLEAR_COLOR,
        /** WriteQuery(OCCLUSION): each DB writes its counter at address + db x stride. */
        WRITE_QUERY_OCCLUSION,
        /** SOSetTargets: the vertex stage's stream-output unit binds {@link #soBinding} (and consumes the marker). */
        SO_TARGETS,
        /**
         * EndQuery(TIMESTAMP) on the DIRECT queue: an end-of-pipe event. The end of the pipe
         * writes the clock, in timestamp ticks, and the query's end-of-query fence word once
         * every render back end has passed it, without the command processor waiting.
         */
        TIMESTAMP
    }

    public final Kind kind;
    /** Memory address the marker writes to (query slot, block, or WriteQuery destination). */
    public long address;
    /** WriteQuery stride between DB results, in bytes. */
    public int stride;
    /** WriteQuery(OCCLUSION) INDEX: which of the DB's two occlusion counters to write (0 or 1). */
    public int counterIndex;
    /** WriteQuery(OCCLUSION) with the SET_VALID flag: the DBs write their counters with bit 63 set. */
    public boolean setValid;
    /** An occlusion begin/end marker of a BINARY_OCCLUSION query (binary early out starts over at its begin). */
    public boolean binary;
    /** Counter snapshot for STATS_SNAPSHOT (D3D12_QUERY_DATA_PIPELINE_STATISTICS1 order, 14 fields). */
    public final long[] snapshot;
    /** Number of fields of the snapshot the query type writes (11, 14, or 2 for SO statistics). */
    public int fields;
    /** True for stream-output statistics snapshots: the block is {@link #soWritten}, {@link #soNeeded}. */
    public boolean streamOut;
    /** The stream of a stream-output statistics snapshot (SO_STATISTICS_STREAM0..3: 0..3). */
    public int soStream;
    /** NumPrimitivesWritten and PrimitivesStorageNeeded of {@link #soStream} at the marker. */
    public long soWritten;
    public long soNeeded;
    /** SO_TARGETS: the targets bound from here on. */
    public gpusim.gpu.so.SoBinding soBinding;
    public DepthSurface depthSurface;
    public boolean clearDepth;
    public float depth;
    public boolean clearStencil;
    public int stencil;
    public ColorSurface colorSurface;
    public float[] rgba;
    /** Per DB: its core's job for this marker (counter snapshot or clear), and what it found. */
    public java.util.concurrent.CompletableFuture<Void>[] dbDone;
    /** Per DB: the ZPASS counter at the marker (query markers) or the samples cleared (clears). */
    public long[] dbCounters;
    /** Copies that have reached the pixel stage (one per DB). */
    public int arrivals;
    /** Memory writes issued for this marker that have not landed. */
    public int pendingWrites;
    /** Memory writes this marker makes in all (one per DB for occlusion, one block for statistics). */
    public int expectedWrites;
    /** Memory writes of this marker that have landed. */
    public int landedWrites;
    /** Cycle the command processor issued the marker. */
    public long issuedAt;
    /** Cycle the last of its memory writes landed. */
    public long landedAt;
    /** A name for reports, e.g. "occ[3] end". */
    public final String label;

    public Marker(Kind kind, String label) {
        this.kind = kind;
        this.label = label;
        this.snapshot = kind == Kind.STATS_SNAPSHOT ? new long[14] : null;
    }

    /** Whether every memory write of this marker has landed. */
    public boolean allLanded() {
        return landedWrites >= expectedWrites;
    }

    @Override
    public int drawId() {
        return -1;
    }
}
