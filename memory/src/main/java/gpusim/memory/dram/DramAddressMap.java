package gpusim.memory.dram;

/**
 * How an address within one channel picks a bank group, bank, row and column. The address
 * is first divided into accesses of {@code accessBytes}; the access index a is then split,
 * lowest digits first, as
 * <pre>
 *   group  = a mod bankGroups
 *   bank   = (a / bankGroups) mod banksPerGroup
 *   column = (a / (bankGroups * banksPerGroup)) mod rowAccesses
 *   row    = a / (bankGroups * banksPerGroup * rowAccesses)
 * </pre>
 * (row : column : bank : bank group). Consecutive accesses alternate bank groups first, so a
 * stream pays tCCDS rather than tCCDL, then spread over the banks of a group; a stream comes
 * back to a row once every bank has been touched. All four counts must be powers of two.
 *
 * @param bankGroups bank groups per channel
 * @param banksPerGroup banks in each bank group
 * @param rowAccesses column accesses in one row (the page size / accessBytes)
 * @param accessBytes bytes one column command moves (bus width x burst length)
 */
public record DramAddressMap(int bankGroups, int banksPerGroup, int rowAccesses, int accessBytes) {

    /** HBM3 pseudo channel: 4 bank groups x 4 banks, 1 KiB rows, 32 B per BL8 access (JESD238). */
    public static final DramAddressMap HBM3 = new DramAddressMap(4, 4, 32, 32);

    /** GDDR6 channel (x16): 4 bank groups x 4 banks, 2 KiB rows, 32 B per BL16 access (JESD250). */
    public static final DramAddressMap GDDR6 = new DramAddressMap(4, 4, 64, 32);

    public DramAddressMap {
        for (int v : new int[] {bankGroups, banksPerGroup, rowAccesses, accessBytes}) {
            if (v <= 0 || Integer.bitCount(v) != 1) {
                throw new IllegalArgumentException("DRAM address map: counts must be powers of two: " + this);
            }
        }
    }

    public int banks() {
        return bankGroups * banksPerGroup;
    }

    private long access(long address) {
        if (address < 0) {
            throw new IllegalArgumentException("DRAM address must not be negative: " + address);
        }
        return address / accessBytes;
    }

    public int group(long address) {
        return (int) (access(address) % bankGroups);
    }

    /** Bank index across the channel: group + bankGroups x bank-in-group. */
    public int bank(long address) {
        return (int) (access(address) % banks());
    }

    public int column(long address) {
        return (int) (access(address) / banks() % rowAccesses);
    }

    public long row(long address) {
        return access(address) / banks() / rowAccesses;
    }

    /** The first address of (row, group, bank-in-group, column): the inverse of the decoding. */
    public long address(long row, int group, int bankInGroup, int column) {
        return (((row * rowAccesses + column) * banksPerGroup + bankInGroup) * bankGroups + group) * accessBytes;
    }
}
