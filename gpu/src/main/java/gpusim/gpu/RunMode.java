package gpusim.gpu;

/** How a run counts time (sim.mode). */
public enum RunMode {
    /** Every stage charges its modelled cost in cycles. */
    TIMED,
    /** Results only: stages take one step an item and count no cycles (the report says 0 cycles). */
    FUNCTIONAL;

    /** True for {@link #FUNCTIONAL}. */
    public boolean functional() {
        return this == FUNCTIONAL;
    }
}
