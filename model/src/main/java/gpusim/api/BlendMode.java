package gpusim.api;

/** The colour blend the trace format offers: off, or SRC_ALPHA / INV_SRC_ALPHA / ADD. */
public enum BlendMode {
    OFF,
    ALPHA;

    public static BlendMode parse(String token) {
        switch (token) {
            case "off": return OFF;
            case "alpha": return ALPHA;
            default: return null;
        }
    }
}
