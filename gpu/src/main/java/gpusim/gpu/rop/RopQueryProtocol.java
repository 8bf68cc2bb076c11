package gpusim.gpu.rop;

import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.query.QueryProtocol;

/**
 * The occlusion query protocol of the ROP back end, after Mesa's nvk
 * (src/nouveau/vulkan/nvk_query_pool.c): the ROPs' counts are summed on chip and one report
 * is written per BeginQuery and per EndQuery, a 16-byte {@code struct nvk_query_report
 * { uint64_t value; uint64_t timestamp; }} (the 3D class's report semaphore in its
 * four-word form: the ZPASS pixel count and the GPU timestamp); an occlusion query's slot
 * holds its begin report, then its end report. Availability is a word of its own, not a
 * mark in the count: 0 after the reset, set to 1 by a write behind the end report once the
 * report has landed (nvk releases the availability semaphore behind the report). A resolve
 * waits for the availability word and subtracts the begin count from the end count.
 *
 * <p>nvk keeps the availability words of a pool together, ahead of its reports; the model
 * keeps each query's word behind its two reports in its own slot (40 bytes), so a query's
 * slot stays one contiguous range for the resets and resolves every back end shares. The
 * layout does not depend on the number of ROP units or on which are enabled.
 */
public final class RopQueryProtocol implements QueryProtocol {
    /** Bytes of one report: the 64-bit count and the 64-bit timestamp. */
    public static final int REPORT_BYTES = 16;
    /** Byte offset of the end report in a slot (the begin report is at 0). */
    public static final int END_REPORT = REPORT_BYTES;
    /** Byte offset of the availability word in a slot. */
    public static final int AVAILABLE = 2 * REPORT_BYTES;
    /** Bytes of one occlusion query's slot. */
    public static final int SLOT_BYTES = AVAILABLE + 8;

    /** One writer: the report semaphore behind the end of the pipe. */
    @Override
    public int units() {
        return 1;
    }

    @Override
    public boolean perUnitWords() {
        return false;
    }

    /** BeginQuery: its report; EndQuery: its report, then the availability word. */
    @Override
    public int markerWrites(boolean end) {
        return end ? 2 : 1;
    }

    @Override
    public long slotBytes() {
        return SLOT_BYTES;
    }

    /** Reports and availability zero (nvk's reset clears the availability word). */
    @Override
    public long[] resetWords() {
        return new long[SLOT_BYTES / 8];
    }

    @Override
    public long beginOffset(int unit) {
        return 0;
    }

    @Override
    public long endOffset(int unit) {
        return END_REPORT;
    }

    /** The count as it is: availability, not a mark bit, says a report is complete. */
    @Override
    public long written(long counter) {
        return counter;
    }

    @Override
    public boolean endWritten(byte[] data, int base, int unit) {
        return QueryLayout.word(data, base + AVAILABLE) != 0;
    }

    @Override
    public boolean resolvable(byte[] data, int base) {
        return endWritten(data, base, 0);
    }

    /** End count - begin count once the query is available, else -1. */
    @Override
    public long sum(byte[] data, int base) {
        if (!resolvable(data, base)) {
            return -1;
        }
        return QueryLayout.word(data, base + END_REPORT) - QueryLayout.word(data, base);
    }
}
