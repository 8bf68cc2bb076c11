package gpusim.memory.dram;

/**
 * A DRAM controller's request queue: the accesses waiting to be scheduled, oldest first, each with its
 * arrival (memory cycle), bank, row, direction and the tag handed back with its completion. Bounded;
 * primitive arrays compacted on removal (the depth is small), so nothing is allocated per access.
 * Ramulator 2's controller keeps the same buffer ({@code ReqBuffer}) for its scheduler to choose from.
 */
final class DramQueue {
    private final long[] arrival;
    private final long[] row;
    private final int[] bank;
    private final boolean[] write;
    private final int[] tag;
    private int count;

    DramQueue(int depth) {
        arrival = new long[depth];
        row = new long[depth];
        bank = new int[depth];
        write = new boolean[depth];
        tag = new int[depth];
    }

    /** Accesses waiting. */
    public int count() {
        return count;
    }

    public boolean full() {
        return count == arrival.length;
    }

    public int capacity() {
        return arrival.length;
    }

    /** Queues an access at the tail (the caller keeps arrivals in order). */
    void add(long arrivalCycle, long rowIndex, int bankIndex, boolean isWrite, int tagValue) {
        arrival[count] = arrivalCycle;
        row[count] = rowIndex;
        bank[count] = bankIndex;
        write[count] = isWrite;
        tag[count] = tagValue;
        count++;
    }

    /** Takes out the access at position {@code i}; those after it move up one. */
    void remove(int i) {
        int n = count - i - 1;
        System.arraycopy(arrival, i + 1, arrival, i, n);
        System.arraycopy(row, i + 1, row, i, n);
        System.arraycopy(bank, i + 1, bank, i, n);
        System.arraycopy(write, i + 1, write, i, n);
        System.arraycopy(tag, i + 1, tag, i, n);
        count--;
    }

    /** The arrival (memory cycle) of the access at position {@code i} (0: the oldest). */
    public long arrival(int i) {
        return arrival[i];
    }

    public long row(int i) {
        return row[i];
    }

    public int bank(int i) {
        return bank[i];
    }

    public boolean write(int i) {
        return write[i];
    }

    public int tag(int i) {
        return tag[i];
    }
}
