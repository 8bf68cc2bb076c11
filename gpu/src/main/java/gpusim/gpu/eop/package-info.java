/**
 * The end of pipe ({@code eop}): where every render back end's copy of a marker is joined, so
 * that an end-of-pipe event (a timestamp, a pipeline statistics snapshot, an end-of-query fence)
 * happens only once all earlier work has left the pipe. {@link EndOfPipe} is the clocked unit.
 *
 * <p>Source: AMD's {@code EVENT_WRITE_EOP} / {@code RELEASE_MEM} packets, issued by radeonsi's
 * {@code si_cp_release_mem}.
 */
package gpusim.gpu.eop;
