/**
 * The timed device memory: the byte store every buffer and query heap lives in, the memory
 * channels that serve line-sized parts of requests, and the L2 slices in front of them. It is a
 * module of its own because the pipeline reaches it only through {@link gpusim.sim.MemoryPort}.
 *
 * <ul>
 *   <li>{@link DeviceMemory}: the functional, byte-addressable store;
 *   <li>{@link MemorySystem}: the front door, splitting requests over channels;
 *   <li>{@link MemoryChannel}: one clocked channel and its FIFO, with {@link DelayHistogram} for
 *       its delay percentiles;
 *   <li>{@link L2Slices}, {@link L2Params}: an L2 cache slice per channel.
 * </ul>
 *
 * <p>The DRAM behind a channel is in {@link gpusim.memory.dram}, the cache in
 * {@link gpusim.memory.cache}.
 */
package gpusim.memory;
