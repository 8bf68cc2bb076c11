package gpusim.gpu.query;

/**
 * How a back end's units report an occlusion query in memory: the size of a query's slot,
 * what the slot is reset to before BeginQuery, where each unit writes its counter at the
 * begin and at the end, the mark a written word carries, and how a resolve tells that every
 * unit has written and sums their counts. Each back end has its own protocol
 * ({@link gpusim.gpu.BackEnd#queryProtocol}); everything that writes or reads an occlusion
 * slot (the depth blocks, the query unit's reset, the resources' slot sizes, resolves and
 * the run's decoded results) asks it, so the layout is in one place. The other heaps'
 * layouts (statistics, timestamps) are the API's and the command processor's, not the back
 * end's: {@link QueryLayout}.
 */
public interface QueryProtocol {
    /** The units that count samples (each has a place in every occlusion slot, enabled or not). */
    int units();

    /** Bytes of one occlusion query's slot. */
    long slotBytes();

    /** The 64-bit words (little endian) an occlusion slot is reset to before BeginQuery. */
    long[] resetWords();

    /** Byte offset in the slot of the word unit {@code unit} writes its counter to at BeginQuery. */
    long beginOffset(int unit);

    /** Byte offset in the slot of the word unit {@code unit} writes its counter to at EndQuery. */
    long endOffset(int unit);

    /** The word a unit writes for its counter {@code counter}: the counter with the written mark. */
    long written(long counter);

    /** Whether unit {@code unit}'s end word in the slot at byte {@code base} of {@code data} is written. */
    boolean endWritten(byte[] data, int base, int unit);

    /** Whether the slot at byte {@code base} of {@code data} can be resolved: every unit's end word is written. */
    default boolean resolvable(byte[] data, int base) {
        for (int u = 0; u < units(); u++) {
            if (!endWritten(data, base, u)) {
                return false;
            }
        }
        return true;
    }

    /** The query's count from the slot at byte {@code base} of {@code data}, or -1 while it is not resolvable. */
    long sum(byte[] data, int base);
}
