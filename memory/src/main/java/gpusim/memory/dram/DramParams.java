package gpusim.memory.dram;

import gpusim.config.Config;
import gpusim.config.ConfigKey;
import gpusim.config.ConfigKeys;
import java.util.LinkedHashMap;
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
        int groups = pick(c, ConfigKeys.DRAM_BANK_GROUPS, p.map.bankGroups());
        int perGroup = pick(c, ConfigKeys.DRAM_BANKS_PER_GROUP, p.map.banksPerGroup());
        int access = pick(c, ConfigKeys.DRAM_ACCESS_BYTES, p.map.accessBytes());
        int rowBytes = pick(c, ConfigKeys.DRAM_ROW_BYTES, p.map.rowAccesses() * p.map.accessBytes());
        if (rowBytes < access) {
            throw new IllegalArgumentException("dram.row_bytes (" + rowBytes + ") must be at least dram.access_bytes ("
                    + access + ")");
        }
        long mem = c.get(ConfigKeys.DRAM_CLOCK_MHZ) != 0 ? c.get(ConfigKeys.DRAM_CLOCK_MHZ) : p.clockMhz();
        DramTiming timing;
        try {
            timing = new DramTiming((int) ((1_000_000L + mem / 2) / mem), (int) t[0], (int) t[1], (int) t[2], (int) t[3],
                    (int) t[4], (int) t[5], (int) t[6], (int) t[7], (int) t[8], (int) t[9], (int) t[10],
                    (int) t[11], (int) t[12], (int) t[13], (int) t[14], (int) t[15], (int) t[16], (int) t[17]);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("memory.dram=" + p.name + ": " + e.getMessage());
        }
        return new DramParams(p.name, timing, new DramAddressMap(groups, perGroup, rowBytes / access, access),
                c.get(ConfigKeys.DRAM_PAGE_POLICY) == 0 ? PagePolicy.OPEN : PagePolicy.CLOSED,
                c.getInt(ConfigKeys.DRAM_QUEUE), mem, c.get(ConfigKeys.CLOCK_MHZ),
                ConfigKeys.DRAM_SCHEDULER.format(c.get(ConfigKeys.DRAM_SCHEDULER)),
                ConfigKeys.DRAM_REFRESH.format(c.get(ConfigKeys.DRAM_REFRESH)));
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
            m.put(ConfigKeys.DRAM_TIMING.get(i).name(), t[i]);
        }
        m.put(ConfigKeys.DRAM_CLOCK_MHZ.name(), p.clockMhz());
        m.put(ConfigKeys.DRAM_BANK_GROUPS.name(), (long) p.map.bankGroups());
        m.put(ConfigKeys.DRAM_BANKS_PER_GROUP.name(), (long) p.map.banksPerGroup());
        m.put(ConfigKeys.DRAM_ROW_BYTES.name(), (long) p.map.rowAccesses() * p.map.accessBytes());
        m.put(ConfigKeys.DRAM_ACCESS_BYTES.name(), (long) p.map.accessBytes());
        m.keySet().removeIf(k -> c.get(ConfigKeys.find(k)) != 0);
        return m;
    }

    private static int pick(Config c, ConfigKey k, int preset) {
        return c.get(k) != 0 ? c.getInt(k) : preset;
    }

    /** The timing keys' values in effect, in {@link ConfigKeys#DRAM_TIMING} order. */
    private static long[] timingValues(Config c, DramTiming p) {
        long[] preset = {p.burst(), p.tCL(), p.tCWL(), p.tRCD(), p.tRP(), p.tRAS(), p.tRTP(), p.tWR(), p.tCCDS(),
                p.tCCDL(), p.tRRDS(), p.tRRDL(), p.tFAW(), p.tWTRS(), p.tWTRL(), p.tRTW(), p.tREFI(), p.tRFC()};
        long[] v = new long[preset.length];
        for (int i = 0; i < v.length; i++) {
            long set = c.get(ConfigKeys.DRAM_TIMING.get(i));
            v[i] = set != 0 ? set : preset[i];
        }
        return v;
    }

    /** The presets {@code memory.dram} names (index 0, none, is no DRAM). */
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
            long v = c.get(ConfigKeys.MEMORY_DRAM);
            return v == 0 ? null : values()[(int) v - 1];
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
