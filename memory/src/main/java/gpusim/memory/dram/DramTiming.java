package gpusim.memory.dram;

/**
 * The timing parameters of one DRAM channel (for HBM3 one pseudo channel), in memory-clock
 * cycles (nCK). Names follow the JEDEC standards: JESD238 (HBM3) and JESD250 (GDDR6).
 *
 * <p>Column commands move one access (see {@link DramAddressMap#accessBytes()}) in
 * {@code burst} cycles of the data bus. Write-to-read ({@code tWTR}) is counted from the end
 * of the write's data, read-to-write ({@code tRTW}) is the bus turnaround between the end of
 * a read's data and the start of a write's data; both and {@code tCCD}/{@code tRRD} come in a
 * short (other bank group) and long (same bank group) form.
 *
 * @param clockPs memory clock period in picoseconds (only to convert to time; the model counts cycles)
 * @param burst data-bus cycles one access occupies (BL / beats per cycle)
 * @param tCL read latency: RD command to first data
 * @param tCWL write latency: WR command to first data
 * @param tRCD ACT to a column command of that bank
 * @param tRP PRE to the next ACT of that bank
 * @param tRAS ACT to PRE of that bank
 * @param tRTP RD to PRE of that bank
 * @param tWR end of write data to PRE of that bank (write recovery)
 * @param tCCDS column to column, other bank group
 * @param tCCDL column to column, same bank group
 * @param tRRDS ACT to ACT, other bank group
 * @param tRRDL ACT to ACT, same bank group
 * @param tFAW window in which at most four ACTs may issue
 * @param tWTRS end of write data to RD, other bank group
 * @param tWTRL end of write data to RD, same bank group
 * @param tRTW end of read data to start of write data (bus turnaround)
 * @param tREFI interval between all-bank refreshes
 * @param tRFC duration of one all-bank refresh (no command to any bank meanwhile)
 */
public record DramTiming(int clockPs, int burst, int tCL, int tCWL, int tRCD, int tRP, int tRAS, int tRTP,
        int tWR, int tCCDS, int tCCDL, int tRRDS, int tRRDL, int tFAW, int tWTRS, int tWTRL, int tRTW,
        int tREFI, int tRFC) {

    /**
     * HBM3-class, 6.4 Gb/s per pin, tCK 625 ps (1.6 GHz; 4 bits per pin per CK, so a BL8 burst
     * is 2 CK). Figures are JESD238A's speed-bin values in nCK as transcribed in Ramulator 2's
     * HBM3 timing preset "HBM3_6.4Gbps" (src/dram/impl/HBM3.cpp, which cites JESD238A):
     * tCL=tRCD=tRP=23 (14.4 ns), tRAS=55, tWR=26, tRTP=7 (tRTPS), tCWL=7, tCCDS/L=2/4,
     * tRRDS/L=2/4, tWTRS/L=10/13, tRTW=3, tFAW=48 (30 ns), tREFI=6240 (3.9 us).
     * Approximated: tRCD for writes equals tRCD for reads; tRFC is taken as 350 ns = 560 nCK
     * (an all-bank refresh of a 16 Gb-class die; the preset leaves tRFCab unset), to be checked
     * against JESD238A's table.
     */
    public static final DramTiming HBM3 = new DramTiming(625, 2, 23, 7, 23, 23, 55, 7, 26, 2, 4, 2, 4, 48,
            10, 13, 3, 6240, 560);

    /**
     * GDDR6-class, tCK 570 ps (about 1.75 GHz CK, 14 Gb/s per pin: 8 bits per pin per CK, so a
     * BL16 burst is 2 CK). Figures are JESD250-based values in nCK as transcribed in
     * Ramulator 2's GDDR6 preset "GDDR6_2000_1350mV_double" (src/dram/impl/GDDR6.cpp):
     * tCL=24, tRCD=26 (tRCDRD), tRP=26, tRAS=53, tWR=26, tRTP=4, tCWL=6, tCCDS/L=4/6,
     * tRRDS/L=7/7, tWTRS/L=9/11, tFAW=28, tRFC=210 (120 ns), tREFI=3333 (1.9 us).
     * Approximated: tRCDWR (16) is not modelled separately (writes use tRCD=26); tRTW, not in
     * that preset, is taken as 3 nCK like HBM3's.
     */
    public static final DramTiming GDDR6 = new DramTiming(570, 2, 24, 6, 26, 26, 53, 4, 26, 4, 6, 7, 7, 28,
            9, 11, 3, 3333, 210);

    public DramTiming {
        int[] positive = {clockPs, burst, tCL, tCWL, tRCD, tRP, tRAS, tCCDS, tCCDL, tRRDS, tRRDL, tREFI};
        for (int v : positive) {
            if (v <= 0) {
                throw new IllegalArgumentException("DRAM timing: clock, burst, tCL, tCWL, tRCD, tRP, tRAS, tCCD,"
                        + " tRRD and tREFI must be positive: " + this);
            }
        }
        int[] nonNegative = {tRTP, tWR, tFAW, tWTRS, tWTRL, tRTW, tRFC};
        for (int v : nonNegative) {
            if (v < 0) {
                throw new IllegalArgumentException("DRAM timing: no parameter may be negative: " + this);
            }
        }
        if (tRFC >= tREFI) {
            throw new IllegalArgumentException("DRAM timing: tRFC (" + tRFC + ") must be shorter than tREFI ("
                    + tREFI + ")");
        }
    }
}
