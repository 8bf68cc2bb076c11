package gpusim.gpu.work;

/**
 * WriteQuery(OCCLUSION) without NO_WAIT: each enabled DB writes its counter at
 * {@code address + db x stride} when the marker reaches it.
 *
 * @param counterIndex which of the DB's two occlusion counters (0: ZPASS, 1: the interval counter, reset by the write)
 * @param setValid     the SET_VALID flag: the DBs write their counters with bit 63 set
 */
public record WriteQueryMarker(long address, int stride, int counterIndex, boolean setValid, String label,
                               MarkerProgress progress) implements Marker {
}
