package gpusim.memory.dram;

/**
 * All-bank refresh, one due every tREFI (the first at tREFI), taken at the first decision at or after its
 * due cycle (the standards allow postponing refreshes; here at most past the access being placed): every
 * open bank precharges, the refresh starts tRP after the last of those PREs (or at the due cycle) and
 * lasts tRFC, and every bank is idle with its next ACT no earlier than its end (JESD238 HBM3 and JESD250
 * GDDR6 REFab; Ramulator 2's {@code AllBank}, {@code src/ramulator/controller/refresh/impl/all_bank.cpp}).
 */
final class AllBankRefresh implements DramRefresh {
    private final DramTiming t;
    private long nextRefresh;
    private long refreshes;
    private long precharges;

    AllBankRefresh(DramTiming timing) {
        this.t = timing;
        this.nextRefresh = timing.tREFI();
    }

    @Override
    public void before(long decision, DramBank[] banks) {
        if (decision < nextRefresh) {
            return;
        }
        refresh(banks);
        if (decision >= nextRefresh) {
            // Refreshes due while idle: after the first all banks are closed and each ends before the next
            // is due (tRFC < tREFI), so only the last one matters.
            long skipped = (decision - nextRefresh) / t.tREFI();
            nextRefresh += skipped * t.tREFI();
            refreshes += skipped;
            refresh(banks);
        }
    }

    private void refresh(DramBank[] banks) {
        long start = nextRefresh;
        for (DramBank b : banks) {
            if (b.openRow != DramBank.NO_ROW) {
                precharges++;
            }
            long ready = b.openRow != DramBank.NO_ROW
                    ? Math.max(nextRefresh, b.earliestPrecharge) + t.tRP()
                    : Math.max(nextRefresh, b.earliestAct);
            start = Math.max(start, ready);
        }
        long end = start + t.tRFC();
        for (DramBank b : banks) {
            b.openRow = DramBank.NO_ROW;
            b.earliestAct = end;
        }
        nextRefresh += t.tREFI();
        refreshes++;
    }

    @Override
    public long refreshes() {
        return refreshes;
    }

    @Override
    public long precharges() {
        return precharges;
    }
}
