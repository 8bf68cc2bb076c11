package gpusim.memory.dram;

/** First-come first-served: always the oldest access, row hit or not (the baseline FR-FCFS is measured against). */
final class FcfsScheduler implements DramScheduler {
    @Override
    public int pick(DramQueue queue, DramBank[] banks, long decision) {
        return 0;
    }
}
