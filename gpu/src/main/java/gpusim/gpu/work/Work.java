package gpusim.gpu.work;

/** Anything that travels down the pipeline's queues: draws, geometry, fragments and markers. */
public sealed interface Work permits DrawPacket, GeomBatch, TriBatch, TileBatch, FragmentBatch, QuadWave, Marker {
    /** The draw this work belongs to, or -1 for markers. */
    int drawId();
}
