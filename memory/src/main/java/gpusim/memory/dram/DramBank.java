package gpusim.memory.dram;

/**
 * One DRAM bank's state: the open row (or none) and the earliest cycle at which each
 * command may be issued to it. Plain mutable primitives; owned by one {@link DramController}.
 */
final class DramBank {
    static final long NO_ROW = -1;

    final int group;
    long openRow = NO_ROW;
    /** Earliest ACT: tRP after the last PRE (or the end of a refresh). */
    long earliestAct;
    /** Earliest RD/WR to the open row: tRCD after its ACT. */
    long earliestColumn;
    /** Earliest PRE: tRAS after ACT, tRTP after a read, tWR after the end of a write's data. */
    long earliestPrecharge;
    long accesses;
    /** End of the data of the bank's latest access (for the busy bank-cycles). */
    long busyUntil;

    DramBank(int group) {
        this.group = group;
    }
}
