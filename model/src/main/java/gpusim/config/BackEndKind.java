package gpusim.config;

/**
 * The bottom of the pipe a configuration models ({@code backend.kind}): what the
 * configuration's rules and the trace validator need to know of it. Each constant is one
 * back end; its name in the configuration is the choice {@code backend.kind} takes, in
 * declaration order (the key's value is the constant's ordinal).
 *
 * <p>The constant says how many units own screen tiles and whether each unit keeps occlusion
 * counters of its own in memory (what {@code write_query OCCLUSION} reads at a stride). The
 * back end itself is built in the gpu module, which maps each constant to its builder
 * ({@code gpusim.gpu.BackEndFactory#of}, a switch the compiler checks covers every constant):
 * the model module cannot see the pipeline's classes, and the configuration must read the
 * kind. This is the split of Ramulator 2's plug-ins (an interface, implementations
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
    RENDER_BACK_ENDS("render_back_ends", true, " DBs of db.count (bit d enables DB d)") {
        @Override
        public int tileOwners(Config c) {
            return c.getInt(ConfigKeys.DB_COUNT);
        }
    },
    /**
     * NVIDIA-style ROP units on the memory partitions behind a crossbar, their occlusion
     * counts summed on chip into one report per BeginQuery/EndQuery (Mesa nvk,
     * nvk_query_pool.c).
     */
    ROPS("rops", false, " ROP units (bit u enables ROP unit u)") {
        /** rop.partitions x rop.units_per_partition (rop.partitions 0: one per memory channel). */
        @Override
        public int tileOwners(Config c) {
            long partitions = c.get(ConfigKeys.ROP_PARTITIONS) == 0 ? c.get(ConfigKeys.MEMORY_CHANNELS)
                    : c.get(ConfigKeys.ROP_PARTITIONS);
            long count = partitions * c.get(ConfigKeys.ROP_UNITS_PER_PARTITION);
            if (count > MAX_TILE_OWNERS) {
                throw new IllegalArgumentException("backend.kind=rops: rop.partitions x rop.units_per_partition = "
                        + partitions + " x " + c.get(ConfigKeys.ROP_UNITS_PER_PARTITION) + " = " + count
                        + " ROP units, but at most " + MAX_TILE_OWNERS + " can own screen tiles");
            }
            return (int) count;
        }
    };

    /** The most units that can own screen tiles (a tile map's owner table has a bit per owner in db.enabled). */
    public static final int MAX_TILE_OWNERS = 32;

    private final String configName;
    private final boolean perUnitCounters;
    private final String owners;

    BackEndKind(String configName, boolean perUnitCounters, String owners) {
        this.configName = configName;
        this.perUnitCounters = perUnitCounters;
        this.owners = owners;
    }

    /** The kind {@code c} models. */
    public static BackEndKind of(Config c) {
        return values()[c.getInt(ConfigKeys.BACKEND_KIND)];
    }

    /** The choices of {@code backend.kind}, in declaration order. */
    static String[] configNames() {
        BackEndKind[] k = values();
        String[] names = new String[k.length];
        for (int i = 0; i < k.length; i++) {
            names[i] = k[i].configName;
        }
        return names;
    }

    /** Its name as {@code backend.kind} spells it. */
    public String configName() {
        return configName;
    }

    /**
     * Whether each tile-owning unit keeps occlusion counters of its own that it writes to
     * memory (the render back ends' DBs, what the Xbox One's WriteQuery OCCLUSION reads at
     * OFFSET + unit x STRIDE), rather than one count summed on chip.
     */
    public boolean hasPerUnitCounters() {
        return perUnitCounters;
    }

    /**
     * The units that own screen tiles in configuration {@code c} (bit u of db.enabled enables
     * unit u); throws {@link IllegalArgumentException} when there are more than
     * {@link #MAX_TILE_OWNERS}.
     */
    public abstract int tileOwners(Config c);

    /** How {@code db.enabled}'s message names the tile owners after their count: " DBs of db.count (...)". */
    String ownersText() {
        return owners;
    }
}
