package gpusim.gpu;

/**
 * A pipelined unit's rate held across the items it takes (a ROP unit's colour and depth halves):
 * an item's work is counted in parts of a cycle, its whole cycles are charged, and the part of a
 * cycle it leaves goes to the next item, where rounding each item up would make an item of a few
 * samples pay a whole cycle. A part is 1 / {@link #PARTS} of a cycle: exact for rates that are
 * powers of two, within 1e-6 of a cycle an item otherwise.
 */
public final class CycleCarry {
    /** Parts in a cycle. */
    public static final long PARTS = 1L << 20;
    private long carry;

    /** The parts of a cycle {@code samples} take at {@code rate} samples a cycle. */
    public static long parts(long samples, long rate) {
        return samples * PARTS / rate;
    }

    /** The whole cycles of {@code parts} with the carried part; what is left over is carried on. */
    public long spend(long parts) {
        long total = carry + parts;
        carry = total % PARTS;
        return total / PARTS;
    }

    /** Nothing is carried on: the unit waited on another, so the part it left is lost. */
    public void drop() {
        carry = 0;
    }
}
