package gpusim.memory.dram;

import gpusim.config.ChoiceKey;
import gpusim.config.Config;
import gpusim.config.ConfigKey;
import gpusim.config.ConfigKeys;
import gpusim.config.KeyGroup;
import gpusim.config.SharedKeys;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The DRAM behind every memory channel, as the configuration gives it (key {@code memory.dram}
 * and the {@code dram.*} keys): a preset's timing and address map with the keys set to other
 * than 0 replacing its values, the page policy, the controller's queue depth, and the ratio of
 * the DRAM command clock to the GPU clock. Built once, by {@link #of}; null there means no DRAM
 * (each channel keeps its fixed bandwidth and latency).
 *
 * <p>Clock conversion is integer only: GPU cycle g is memory cycle floor(g x memMhz / gpuMhz),
 * and memory cycle m is reached at GPU cycle ceil(m x gpuMhz / memMhz), the first GPU cycle
 * whose memory cycle is at least m.
 *
 * @param preset the preset's name (hbm3, gddr6)
 * @param timing the timing in effect, in memory cycles (its clockPs is 10^6 / memMhz, rounded)
 * @param map how a channel-local address picks bank group, bank, row and column
 * @param policy open or closed page
 * @param queueDepth accesses each channel's controller may hold
 * @param memMhz DRAM command clock
 * @param gpuMhz GPU clock (gpu.clock_mhz)
 * @param scheduler the {@link DramScheduler} registered under this name ({@code dram.scheduler})
 * @param refresh the {@link DramRefresh} registered under this name ({@code dram.refresh})
 */
public record DramParams(String preset, DramTiming timing, DramAddressMap map, PagePolicy policy, int queueDepth,
                         long memMhz, long gpuMhz, String scheduler, String refresh) {
    // ---- Configuration keys (KEYS lists them) ----
    // A DRAM key whose value is 0 takes the memory.dram preset's value (gpusim config lists the
    // values in effect); with memory.dram=none none of them is read.
    public static final ChoiceKey<Standard> MEMORY_DRAM = ConfigKey.choice("memory.dram", Standard.NONE,
            "DRAM behind every channel: none = each channel serves its queue at memory.bytes_per_cycle and "
                    + "memory.latency; hbm3 / gddr6 = each channel is one DRAM channel (an HBM3 pseudo channel, a "
                    + "GDDR6 x16 channel) whose FR-FCFS controller schedules its parts under the dram.* timing "
                    + "(memory.bytes_per_cycle, memory.latency and memory.partial_write_cycles are then unused)");
    public static final ConfigKey DRAM_CLOCK_MHZ = ConfigKey.range("dram.clock_mhz", 0, 0, 100_000, "MHz",
            "DRAM command clock (CK); with gpu.clock_mhz it converts GPU cycles to memory cycles, g -> "
                    + "floor(g x this / gpu.clock_mhz) (0: the preset's, hbm3 1600, gddr6 1754)");
    public static final ConfigKey DRAM_QUEUE = ConfigKey.range("dram.queue_depth", 32, 16, 4096, "accesses",
            "capacity of each channel's DRAM controller queue, in accesses of dram.access_bytes; the FR-FCFS "
                    + "scheduler chooses among the accesses waiting there");
    public static final ChoiceKey<PagePolicy> DRAM_PAGE_POLICY = ConfigKey.choice("dram.page_policy", PagePolicy.OPEN,
            "row-buffer policy: open = a row stays open after an access (the next access to it is a row hit); "
                    + "closed = auto-precharge after every access (every access activates)");
    public static final ChoiceKey<Scheduler> DRAM_SCHEDULER = ConfigKey.choice("dram.scheduler", Scheduler.FRFCFS,
            "which waiting access each channel's DRAM controller places next: frfcfs = the oldest row hit, else the "
                    + "oldest (first-ready, first-come first-served); fcfs = the oldest");
    public static final ChoiceKey<Refresh> DRAM_REFRESH = ConfigKey.choice("dram.refresh", Refresh.ALL_BANK,
            "refresh of each channel's DRAM: all_bank = every bank closed and refreshed for dram.tRFC every "
                    + "dram.tREFI; none = no refresh (an idealisation, for studies)");
    public static final ConfigKey DRAM_BANK_GROUPS = ConfigKey.oneOf("dram.bank_groups", 0,
            new long[] {0, 1, 2, 4, 8, 16}, "bank groups", "bank groups per channel (0: the preset's, 4)");
    public static final ConfigKey DRAM_BANKS_PER_GROUP = ConfigKey.oneOf("dram.banks_per_group", 0,
            new long[] {0, 1, 2, 4, 8, 16}, "banks", "banks in each bank group (0: the preset's, 4)");
    public static final ConfigKey DRAM_ROW_BYTES = ConfigKey.oneOf("dram.row_bytes", 0,
            new long[] {0, 256, 512, 1024, 2048, 4096, 8192}, "bytes",
            "row (page) size of a bank (0: the preset's, hbm3 1024, gddr6 2048)");
    public static final ConfigKey DRAM_ACCESS_BYTES = ConfigKey.oneOf("dram.access_bytes", 0,
            new long[] {0, 16, 32, 64, 128}, "bytes",
            "bytes one column command moves, bus width x burst length (0: the preset's, 32); a part of a line "
                    + "is one access per such block it touches");
    public static final ConfigKey DRAM_BURST = dramTiming("dram.burst", "data-bus cycles one access occupies");
    public static final ConfigKey DRAM_TCL = dramTiming("dram.tCL", "read latency: RD command to first data");
    public static final ConfigKey DRAM_TCWL = dramTiming("dram.tCWL", "write latency: WR command to first data");
    public static final ConfigKey DRAM_TRCD = dramTiming("dram.tRCD", "ACT to a RD/WR of that bank");
    public static final ConfigKey DRAM_TRP = dramTiming("dram.tRP", "PRE to the next ACT of that bank");
    public static final ConfigKey DRAM_TRAS = dramTiming("dram.tRAS", "ACT to PRE of that bank");
    public static final ConfigKey DRAM_TRTP = dramTiming("dram.tRTP", "RD to PRE of that bank");
    public static final ConfigKey DRAM_TWR = dramTiming("dram.tWR",
            "write recovery: end of write data to PRE of that bank");
    public static final ConfigKey DRAM_TCCD_S = dramTiming("dram.tCCD_S", "column to column, other bank group");
    public static final ConfigKey DRAM_TCCD_L = dramTiming("dram.tCCD_L", "column to column, same bank group");
    public static final ConfigKey DRAM_TRRD_S = dramTiming("dram.tRRD_S", "ACT to ACT, other bank group");
    public static final ConfigKey DRAM_TRRD_L = dramTiming("dram.tRRD_L", "ACT to ACT, same bank group");
    public static final ConfigKey DRAM_TFAW = dramTiming("dram.tFAW", "window in which at most four ACTs issue");
    public static final ConfigKey DRAM_TWTR_S = dramTiming("dram.tWTR_S",
            "end of write data to RD, other bank group");
    public static final ConfigKey DRAM_TWTR_L = dramTiming("dram.tWTR_L", "end of write data to RD, same bank group");
    public static final ConfigKey DRAM_TRTW = dramTiming("dram.tRTW",
            "bus turnaround: end of read data to start of write data");
    public static final ConfigKey DRAM_TREFI = dramTiming("dram.tREFI", "interval between all-bank refreshes");
    public static final ConfigKey DRAM_TRFC = dramTiming("dram.tRFC",
            "duration of an all-bank refresh (must be below dram.tREFI)");

    /** The DRAM timing parameters, in the order of {@link DramTiming}'s components after the clock. */
    public static final List<ConfigKey> DRAM_TIMING = List.of(DRAM_BURST, DRAM_TCL, DRAM_TCWL, DRAM_TRCD, DRAM_TRP,
            DRAM_TRAS, DRAM_TRTP, DRAM_TWR, DRAM_TCCD_S, DRAM_TCCD_L, DRAM_TRRD_S, DRAM_TRRD_L, DRAM_TFAW,
            DRAM_TWTR_S, DRAM_TWTR_L, DRAM_TRTW, DRAM_TREFI, DRAM_TRFC);

    /** The DRAM keys (docs/memory.md, "DRAM behind the channels"). */
    public static final KeyGroup KEYS = KeyGroup.of(210, "DRAM", keys());

    private static List<ConfigKey> keys() {
        List<ConfigKey> k = new java.util.ArrayList<>(List.of(MEMORY_DRAM, DRAM_CLOCK_MHZ, DRAM_QUEUE,
                DRAM_PAGE_POLICY, DRAM_SCHEDULER, DRAM_REFRESH, DRAM_BANK_GROUPS, DRAM_BANKS_PER_GROUP, DRAM_ROW_BYTES,
                DRAM_ACCESS_BYTES));
        k.addAll(DRAM_TIMING);
        return k;
    }

    private static ConfigKey dramTiming(String name, String meaning) {
        return ConfigKey.range(name, 0, 0, 1_000_000, "memory cycles", meaning + " (0: the memory.dram preset's)");
    }
    // ---- end of the configuration keys ----

    /** The DRAM behind every channel ({@code memory.dram}): none, or the standard whose preset it takes. */
    public enum Standard {
        /** No DRAM: each channel serves its queue at a fixed bandwidth and latency. */
        NONE,
        /** An HBM3 pseudo channel a memory channel. */
        HBM3,
        /** A GDDR6 x16 channel a memory channel. */
        GDDR6
    }

    /**
     * The schedulers {@code dram.scheduler} may name: each constant names one of
     * {@link DramScheduler#REGISTERED} (a test checks every constant is registered).
     */
    public enum Scheduler {
        FRFCFS,
        FCFS
    }

    /** The refresh schemes {@code dram.refresh} may name, each one of {@link DramRefresh#REGISTERED}. */
    public enum Refresh {
        ALL_BANK,
        NONE
    }


    /** FR-FCFS with all-bank refresh. */
    public DramParams(String preset, DramTiming timing, DramAddressMap map, PagePolicy policy, int queueDepth,
                      long memMhz, long gpuMhz) {
        this(preset, timing, map, policy, queueDepth, memMhz, gpuMhz, "frfcfs", "all_bank");
    }

    public DramParams {
        if (memMhz < 1 || gpuMhz < 1) {
            throw new IllegalArgumentException("DRAM: clocks must be positive");
        }
        if (!DramScheduler.REGISTERED.containsKey(scheduler) || !DramRefresh.REGISTERED.containsKey(refresh)) {
            throw new IllegalArgumentException("DRAM: no scheduler " + scheduler + " or refresh " + refresh
                    + " (registered: " + DramScheduler.REGISTERED.keySet() + ", " + DramRefresh.REGISTERED.keySet() + ")");
        }
        if (queueDepth < 1) {
            throw new IllegalArgumentException("DRAM: queue depth must be positive");
        }
    }

    /** The DRAM the configuration describes, or null for {@code memory.dram=none}. */
    public static DramParams of(Config c) {
        Preset p = Preset.of(c);
        if (p == null) {
            return null;
        }
        long[] t = timingValues(c, p.timing);
        int groups = pick(c, DRAM_BANK_GROUPS, p.map.bankGroups());
        int perGroup = pick(c, DRAM_BANKS_PER_GROUP, p.map.banksPerGroup());
        int access = pick(c, DRAM_ACCESS_BYTES, p.map.accessBytes());
        int rowBytes = pick(c, DRAM_ROW_BYTES, p.map.rowAccesses() * p.map.accessBytes());
        if (rowBytes < access) {
            throw new IllegalArgumentException("dram.row_bytes (" + rowBytes + ") must be at least dram.access_bytes ("
                    + access + ")");
        }
        long mem = c.get(DRAM_CLOCK_MHZ) != 0 ? c.get(DRAM_CLOCK_MHZ) : p.clockMhz();
        DramTiming timing;
        try {
            timing = new DramTiming((int) ((1_000_000L + mem / 2) / mem), (int) t[0], (int) t[1], (int) t[2], (int) t[3],
                    (int) t[4], (int) t[5], (int) t[6], (int) t[7], (int) t[8], (int) t[9], (int) t[10],
                    (int) t[11], (int) t[12], (int) t[13], (int) t[14], (int) t[15], (int) t[16], (int) t[17]);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("memory.dram=" + p.name + ": " + e.getMessage());
        }
        return new DramParams(p.name, timing, new DramAddressMap(groups, perGroup, rowBytes / access, access),
                c.choice(DRAM_PAGE_POLICY), c.getInt(DRAM_QUEUE), mem, c.get(SharedKeys.CLOCK_MHZ),
                ChoiceKey.nameOf(c.choice(DRAM_SCHEDULER)), ChoiceKey.nameOf(c.choice(DRAM_REFRESH)));
    }

    /**
     * The value in effect of every DRAM key that is 0 ("the preset's") under the chosen preset:
     * what {@code gpusim config} lists. Empty for {@code memory.dram=none}.
     */
    public static Map<String, Long> presetValues(Config c) {
        Map<String, Long> m = new LinkedHashMap<>();
        Preset p = Preset.of(c);
        if (p == null) {
            return m;
        }
        long[] t = timingValues(c, p.timing);
        for (int i = 0; i < t.length; i++) {
            m.put(DRAM_TIMING.get(i).name(), t[i]);
        }
        m.put(DRAM_CLOCK_MHZ.name(), p.clockMhz());
        m.put(DRAM_BANK_GROUPS.name(), (long) p.map.bankGroups());
        m.put(DRAM_BANKS_PER_GROUP.name(), (long) p.map.banksPerGroup());
        m.put(DRAM_ROW_BYTES.name(), (long) p.map.rowAccesses() * p.map.accessBytes());
        m.put(DRAM_ACCESS_BYTES.name(), (long) p.map.accessBytes());
        m.keySet().removeIf(k -> c.get(ConfigKeys.find(k)) != 0);
        return m;
    }

    private static int pick(Config c, ConfigKey k, int preset) {
        return c.get(k) != 0 ? c.getInt(k) : preset;
    }

    /** The timing keys' values in effect, in {@link #DRAM_TIMING} order. */
    private static long[] timingValues(Config c, DramTiming p) {
        long[] preset = {p.burst(), p.tCL(), p.tCWL(), p.tRCD(), p.tRP(), p.tRAS(), p.tRTP(), p.tWR(), p.tCCDS(),
                p.tCCDL(), p.tRRDS(), p.tRRDL(), p.tFAW(), p.tWTRS(), p.tWTRL(), p.tRTW(), p.tREFI(), p.tRFC()};
        long[] v = new long[preset.length];
        for (int i = 0; i < v.length; i++) {
            long set = c.get(DRAM_TIMING.get(i));
            v[i] = set != 0 ? set : preset[i];
        }
        return v;
    }

    /** The presets {@code memory.dram} names ({@link Standard#NONE} is no DRAM), by the standard's name. */
    private enum Preset {
        HBM3("hbm3", DramTiming.HBM3, DramAddressMap.HBM3),
        GDDR6("gddr6", DramTiming.GDDR6, DramAddressMap.GDDR6);

        final String name;
        final DramTiming timing;
        final DramAddressMap map;

        Preset(String name, DramTiming timing, DramAddressMap map) {
            this.name = name;
            this.timing = timing;
            this.map = map;
        }

        /** The command clock in MHz, from the period: 625 ps is 1600 MHz, 570 ps 1754 MHz. */
        long clockMhz() {
            return 1_000_000L / timing.clockPs();
        }

        static Preset of(Config c) {
            Standard s = c.choice(MEMORY_DRAM);
            return s == Standard.NONE ? null : valueOf(s.name());
        }
    }

    /** The memory cycle of GPU cycle {@code g}: floor(g x memMhz / gpuMhz). */
    public long toMemory(long g) {
        return Math.multiplyExact(g, memMhz) / gpuMhz;
    }

    /** The first GPU cycle whose memory cycle is at least {@code m}: ceil(m x gpuMhz / memMhz). */
    public long toGpu(long m) {
        return -Math.floorDiv(-Math.multiplyExact(m, gpuMhz), memMhz);
    }
}
