package gpusim.config;

/**
 * Keys that modules which cannot see each other both read, so they are declared in the model
 * module below them all: the core clock (the memory's DRAM converts it to memory cycles, the
 * pipeline to time), and the back end's kind and depth-block count (the trace validator checks
 * WriteQuery's per-DB results against them, the pipeline builds its back end from them).
 */
public final class SharedKeys {
    private SharedKeys() {
    }

    public static final ConfigKey CLOCK_MHZ = ConfigKey.range("gpu.clock_mhz", 1000, 1, 10_000, "MHz",
            "core clock; converts cycles to time and to timestamp ticks");
    public static final ConfigKey DB_COUNT = ConfigKey.range("db.count", 4, 1, 32, "depth blocks",
            "number of depth blocks (DBs); each owns an interleaved set of screen tiles");
    public static final ChoiceKey<BackEndKind> BACKEND_KIND = ConfigKey.choice("backend.kind", BackEndKind.RENDER_BACK_ENDS,
            "the bottom of the pipe: render_back_ends = AMD render back ends (a depth block and a colour back end "
                    + "per db.count tile owner, per-DB occlusion counters in each query slot); rops = NVIDIA-style "
                    + "ROP units on the memory partitions behind a crossbar, occlusion counts summed on chip into "
                    + "one 16-byte report per BeginQuery/EndQuery (docs/model.md, \"The ROP back end\"); never "
                    + "changes results");

    /** The group {@link ConfigKeys} lists first. */
    public static final KeyGroup KEYS = KeyGroup.of(100, "clock and back end", CLOCK_MHZ, DB_COUNT, BACKEND_KIND);
}
