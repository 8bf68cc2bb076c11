/**
 * The simulation kernel: a cycle-driven {@link Engine} that ticks clocked {@link Component}s,
 * the {@link BoundedQueue}s between them, the {@link MemoryPort} seam through which clients send
 * {@link MemoryRequest}s, and the statistics tree. Nothing here knows what a GPU is; the
 * pipeline and the memory are built on it.
 *
 * <ul>
 *   <li>{@link Engine}, {@link Component}, {@link Waker}, {@link WakeList}: clocking, and waking
 *       a sleeping component when a resource frees;
 *   <li>{@link BoundedQueue}: a FIFO with a capacity and a latency;
 *   <li>{@link MemoryPort}, {@link MemoryRequest}, {@link MemoryClient}: memory requests and who
 *       makes them (gem5's ports);
 *   <li>{@link Stat}, {@link StatGroup}: statistics with a name, unit and description (gem5's
 *       stats);
 *   <li>{@link TraceHook}: watching a run without changing it (Akita's hooks);
 *   <li>{@link DeadlockException}, {@link WorkLimitException}: how a run stops early.
 * </ul>
 */
package gpusim.sim;
