package gpusim.config;

/**
 * The bottom of the pipe a configuration models ({@code backend.kind},
 * {@link SharedKeys#BACKEND_KIND}): what the trace validator needs to know of it. Each
 * constant is one back end; its name in the configuration is the constant's in lower case,
 * the choices in declaration order (the key's value is the constant's ordinal).
 *
 * <p>The constant says whether each unit keeps occlusion counters of its own in memory (what
 * {@code write_query OCCLUSION} reads at a stride). The back end itself, and how many of its
 * units own screen tiles, is the gpu module's: it maps each constant to its builder
 * ({@code gpusim.gpu.BackEndFactory#of}, a switch the compiler checks covers every constant),
 * since the model module cannot see the pipeline's classes, and the trace validator must read
 * the kind. This is the split of Ramulator 2's plug-ins (an interface, implementations
 * registered by name, {@code src/base/factory.h}) with the registry checked at compile time.
 * Adding a back end: its classes, a constant here, one case in {@code BackEndFactory.of}
 * (docs/extending.md).
 */
public enum BackEndKind {
    /**
     * AMD render back ends: a depth block and a colour back end per {@code db.count} tile
     * owner; each depth block writes its own occlusion counters into every query slot (Mesa
     * radeonsi, si_query.c; PAL on GFX6-8).
     */
    RENDER_BACK_ENDS(true),
    /**
     * NVIDIA-style ROP units on the memory partitions behind a crossbar, their occlusion
     * counts summed on chip into one report per BeginQuery/EndQuery (Mesa nvk,
     * nvk_query_pool.c).
     */
    ROPS(false);

    /** The most units that can own screen tiles (a tile map's owner table has a bit per owner in db.enabled). */
    public static final int MAX_TILE_OWNERS = 32;

    private final boolean perUnitCounters;

    BackEndKind(boolean perUnitCounters) {
        this.perUnitCounters = perUnitCounters;
    }

    /** The kind {@code c} models. */
    public static BackEndKind of(Config c) {
        return c.choice(SharedKeys.BACKEND_KIND);
    }

    /** Its name as {@code backend.kind} spells it. */
    public String configName() {
        return ChoiceKey.nameOf(this);
    }

    /**
     * Whether each tile-owning unit keeps occlusion counters of its own that it writes to
     * memory (the render back ends' DBs, what the Xbox One's WriteQuery OCCLUSION reads at
     * OFFSET + unit x STRIDE), rather than one count summed on chip.
     */
    public boolean hasPerUnitCounters() {
        return perUnitCounters;
    }
}
