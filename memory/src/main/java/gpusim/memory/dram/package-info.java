/**
 * The DRAM behind a memory channel: banks with open rows, an FR-FCFS scheduler and the JEDEC
 * timing constraints, telling when each access completes. It is its own package so the channel
 * can run with or without it ({@code memory.dram}).
 *
 * <ul>
 *   <li>{@link DramController}: the channel's controller and scheduler; {@link DramBank}: one
 *       bank's state; {@link PagePolicy}: open or closed page;
 *   <li>{@link DramTiming}: the timing parameters; {@link DramAddressMap}: address to bank
 *       group, bank, row and column; {@link DramParams}: the configuration of both.
 * </ul>
 *
 * <p>Sources: JEDEC JESD238 (HBM3) and JESD250 (GDDR6) for the timing names; FR-FCFS after
 * Rixner et al., "Memory Access Scheduling" (ISCA 2000), as Ramulator models it.
 */
package gpusim.memory.dram;
