package gpusim.memory.dram;

/**
 * First-ready, first-come first-served (Rixner et al., "Memory Access Scheduling", ISCA 2000): among the
 * accesses that have arrived by the decision, the oldest row hit (an access to its bank's open row),
 * else the oldest access. Ramulator 2's {@code FRFCFS} ({@code src/ramulator/controller/scheduler/impl/frfcfs.cpp}).
 */
final class FrFcfsScheduler implements DramScheduler {
    @Override
    public int pick(DramQueue queue, DramBank[] banks, long decision) {
        for (int i = 0; i < queue.count() && queue.arrival(i) <= decision; i++) {
            if (banks[queue.bank(i)].openRow == queue.row(i)) {
                return i;
            }
        }
        return 0;
    }
}
