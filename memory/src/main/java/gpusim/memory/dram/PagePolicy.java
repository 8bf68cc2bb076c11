package gpusim.memory.dram;

/** What a bank does with its row after a column access. */
public enum PagePolicy {
    /** Leave the row open: the next access to it is a row hit, one to another row a conflict. */
    OPEN,
    /** Precharge as soon as tRAS / tRTP / tWR allow (auto-precharge): every access activates. */
    CLOSED
}
