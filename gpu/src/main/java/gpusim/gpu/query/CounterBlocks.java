package gpusim.gpu.query;

/**
 * The slot of a statistics query: a begin block and an end block of counters, each followed
 * by a status word with bit 63 set ({@link QueryLayout#WRITTEN}) when the end of the pipe has
 * written it (radeonsi's si_query_hw_do_emit_stop writes such a fence behind a query's
 * results). The result is end - begin, field by field.
 */
record CounterBlocks(int fields) {
    /** Bytes of one block: its fields and its status word. */
    int blockBytes() {
        return (fields + 1) * 8;
    }

    long slotBytes() {
        return 2L * blockBytes();
    }

    /** Whether the end block's status word is still clear. */
    boolean pending(byte[] data, int base) {
        return (QueryLayout.word(data, base + blockBytes() + fields * 8) & QueryLayout.WRITTEN) == 0;
    }

    /** End - begin for each of the first {@code perQuery} fields; false while the end block is not written. */
    boolean resolve(boolean ended, byte[] data, int base, long[] out, int at, int perQuery) {
        if (!ended) {
            return true;
        }
        if (pending(data, base)) {
            return false;
        }
        int block = blockBytes();
        for (int f = 0; f < Math.min(fields, perQuery); f++) {
            out[at + f] = QueryLayout.word(data, base + block + f * 8) - QueryLayout.word(data, base + f * 8);
        }
        return true;
    }
}
