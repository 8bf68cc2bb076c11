package gpusim.gpu;

/**
 * The pipeline-statistics counters, in D3D12_QUERY_DATA_PIPELINE_STATISTICS1 order. Each
 * is counted by the stage that owns it: input assembly (IAVertices, IAPrimitives), the
 * vertex stage (VSInvocations), the clipper (CInvocations, CPrimitives), the pixel stage
 * (PSInvocations) and the command processor (CSInvocations). The model has no geometry,
 * tessellation, amplification or mesh stages, so those stay zero, as D3D12 reports for
 * stages that did not run.
 *
 * <p>The stream-output counters, per stream (D3D12_QUERY_DATA_SO_STATISTICS), are the
 * stream-output unit's ({@code gpusim.gpu.so.StreamOutUnit}): {@link #soWritten} is
 * NumPrimitivesWritten, {@link #soNeeded} PrimitivesStorageNeeded.
 */
public final class PipelineCounters {
    public static final int IA_VERTICES = 0;
    public static final int IA_PRIMITIVES = 1;
    public static final int VS_INVOCATIONS = 2;
    public static final int GS_INVOCATIONS = 3;
    public static final int GS_PRIMITIVES = 4;
    public static final int C_INVOCATIONS = 5;
    public static final int C_PRIMITIVES = 6;
    public static final int PS_INVOCATIONS = 7;
    public static final int HS_INVOCATIONS = 8;
    public static final int DS_INVOCATIONS = 9;
    public static final int CS_INVOCATIONS = 10;
    public static final int AS_INVOCATIONS = 11;
    public static final int MS_INVOCATIONS = 12;
    public static final int MS_PRIMITIVES = 13;
    public static final String[] NAMES = {"IAVertices", "IAPrimitives", "VSInvocations", "GSInvocations",
        "GSPrimitives", "CInvocations", "CPrimitives", "PSInvocations", "HSInvocations", "DSInvocations",
        "CSInvocations", "ASInvocations", "MSInvocations", "MSPrimitives"};

    public final long[] value = new long[14];
    /** NumPrimitivesWritten of streams 0..3. */
    public final long[] soWritten = new long[4];
    /** PrimitivesStorageNeeded of streams 0..3. */
    public final long[] soNeeded = new long[4];
}
