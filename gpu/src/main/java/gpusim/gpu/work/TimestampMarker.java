package gpusim.gpu.work;

/**
 * EndQuery(TIMESTAMP) on the DIRECT queue: an end-of-pipe event. The end of the pipe writes
 * the clock, in timestamp ticks, and the query's end-of-query fence word at {@link #address}
 * once every render back end has passed it, without the command processor waiting.
 */
public record TimestampMarker(long address, String label, MarkerProgress progress) implements Marker {
}
