package gpusim.gpu.query;

/**
 * How a back end's units report an occlusion query in memory: the size of a query's slot,
 * what the slot is reset to before BeginQuery, who writes it (each counting unit its own
 * words as the marker reaches it, or one report of the units' counts summed on chip), where
 * the begin and end words go, the mark a written word carries, how many memory writes a
 * marker makes, and how a resolve tells that the slot is complete and sums its counts. Each back end has its own protocol
 * ({@link gpusim.gpu.BackEnd#queryProtocol}); everything that writes or reads an occlusion
 * slot (the depth blocks, the query unit's reset, the resources' slot sizes, resolves and
 * the run's decoded results) asks it, so the layout is in one place. The other heaps'
 * layouts (statistics, timestamps) are the API's and the command processor's, not the back
 * end's: {@link QueryLayout}.
 */
public interface QueryProtocol {
    /**
     * The writers that have a place in every occlusion slot: the counting units themselves
     * when each writes its own words ({@link #perUnitWords}), else 1 (the one report).
     */
    int units();

    /**
     * Whether each counting unit writes its own begin and end words as the marker reaches it
     * (the render back ends' DBs), rather than the back end summing the units' counts on chip
     * and writing one report per marker (the ROPs, behind the end of the pipe).
     */
    boolean perUnitWords();

    /**
     * The memory writes an occlusion marker makes in all, that a BeginQuery of the same index
     * and the run's query latency wait for: BeginQuery's ({@code end} false) or EndQuery's.
     */
    int markerWrites(boolean end);

    /** Bytes of one occlusion query's slot. */
    long slotBytes();

    /** The 64-bit words (little endian) an occlusion slot is reset to before BeginQuery. */
    long[] resetWords();

    /** Byte offset in the slot of the word writer {@code unit} writes its counter to at BeginQuery. */
    long beginOffset(int unit);

    /** Byte offset in the slot of the word writer {@code unit} writes its counter to at EndQuery. */
    long endOffset(int unit);

    /** The word a writer writes for its counter {@code counter}: the counter with the written mark, if it has one. */
    long written(long counter);

    /** Whether writer {@code unit}'s end in the slot at byte {@code base} of {@code data} is written. */
    boolean endWritten(byte[] data, int base, int unit);

    /** Whether the slot at byte {@code base} of {@code data} can be resolved: every writer's end is written. */
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
