/**
 * A set-associative cache that is itself a {@link gpusim.sim.MemoryPort} in front of another
 * port, so that inserting one is wiring (gem5's ports): used for the L2 slices and the render
 * back ends' depth and colour caches.
 *
 * <ul>
 *   <li>{@link Cache}: the cache, LRU, with MSHRs for outstanding misses;
 *   <li>{@link CacheParams}: its shape, costs and write policy.
 * </ul>
 */
package gpusim.memory.cache;
