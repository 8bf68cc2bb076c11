package gpusim.memory.dram;

/**
 * No refresh: the banks are never closed for one. An idealisation for studies that want the DRAM's
 * scheduling without refresh's periodic stalls, as Ramulator 2 offers a no-refresh manager beside its
 * all-bank one ({@code src/ramulator/controller/refresh/}).
 */
final class NoRefresh implements DramRefresh {
    @Override
    public void before(long decision, DramBank[] banks) {
    }

    @Override
    public long refreshes() {
        return 0;
    }

    @Override
    public long precharges() {
        return 0;
    }
}
