package gpusim.gpu.work;

/**
 * BeginQuery or EndQuery of an occlusion query: each enabled DB writes its ZPASS counter, with
 * the written mark, to its begin or end word of the query's slot (where, the back end's query
 * protocol says).
 *
 * @param end     true for EndQuery
 * @param address the query's slot
 * @param binary  a BINARY_OCCLUSION query (binary early out starts over at its begin)
 */
public record OcclusionMarker(boolean end, long address, boolean binary, String label, MarkerProgress progress)
        implements Marker {
}
