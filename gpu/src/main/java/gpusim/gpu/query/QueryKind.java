package gpusim.gpu.query;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;

/**
 * One D3D12_QUERY_HEAP_TYPE as the modelled GPU keeps it: how many bytes a query takes in
 * device memory, what its slot is reset to before BeginQuery, how a resolve tells that an
 * ended query's writes have all landed, and how ResolveQueryData turns the slot's words into
 * the D3D12_QUERY_DATA_* result of a query type the heap holds. Every place that lays out,
 * resets, polls or resolves a query asks its heap's kind ({@link QueryKinds#of}), so adding a
 * query type is one class implementing this (and {@link CountedQueryKind} when its BeginQuery
 * and EndQuery send markers down the pipe) and one line in {@link QueryKinds}.
 *
 * <p>The interface is left open rather than sealed so that a new kind is its class and its
 * registration only; {@code QueryKindsTest} checks that every heap type has one. The shape is
 * that of Ramulator 2's plug-in interfaces (one small interface, implementations registered
 * once and chosen by name: {@code src/dram_controller/scheduler.h}, {@code src/base/factory.h}),
 * chosen here by the heap type of the trace's query heap.
 */
public interface QueryKind {
    /** The heap type whose queries this kind lays out. */
    QueryHeapType heapType();

    /** Bytes one query of the heap takes in device memory. */
    long slotBytes();

    /** The 64-bit words (little endian) a query's slot holds after its reset, before BeginQuery. */
    default long[] resetWords() {
        return new long[(int) (slotBytes() / 8)];
    }

    /**
     * Whether an ended query's slot at byte {@code base} of {@code data} still waits for a
     * write (a resolve reads it again later); false for a kind whose results the command
     * processor or a copy engine writes before it moves on.
     */
    default boolean pending(byte[] data, int base) {
        return false;
    }

    /**
     * Writes the result of the query in the slot at byte {@code base} of {@code data}, of query
     * type {@code type}, to {@code out} from index {@code at} on ({@code type.resultBytes() / 8}
     * words, left 0 where the query was never ended). Returns false when the query was ended but
     * its writes have not all landed (the caller reads again).
     */
    boolean resolve(QueryType type, boolean ended, byte[] data, int base, long[] out, int at);
}
