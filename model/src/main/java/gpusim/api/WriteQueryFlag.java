package gpusim.api;

/**
 * The WriteQuery FLAGS bits the model supports. ID3D11DeviceContextX::WriteQuery (the Xbox One XDK
 * documentation) names the parameter ("a set of flags ... D3D11X_QUERY_FLAG enumeration constants")
 * but not the constants, so these are the model's own, chosen for what an architect wants to
 * study; any other bit is refused.
 */
public enum WriteQueryFlag {
    /**
     * Write without waiting for earlier work: the command processor samples the counters as
     * they are when it reaches the command, before the fragments of earlier draws still in the
     * pipeline are counted (a racy read, as that documentation warns: "It is the responsibility of the
     * caller to perform any required synchronization"). Without it, results are written
     * after every earlier fragment has been counted.
     */
    NO_WAIT(0x1),
    /** OCCLUSION only: each DB writes its counter with bit 63 set, so a reader can tell written results from a zeroed buffer. */
    SET_VALID(0x2);

    /** Every supported bit. */
    public static final int ALL = 0x3;

    private final int bit;

    WriteQueryFlag(int bit) {
        this.bit = bit;
    }

    public int bit() {
        return bit;
    }

    public boolean in(int flags) {
        return (flags & bit) != 0;
    }
}
