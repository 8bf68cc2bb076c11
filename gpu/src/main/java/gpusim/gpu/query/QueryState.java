package gpusim.gpu.query;

import gpusim.api.QueryType;

/**
 * What the command processor knows of each query of a heap: the type last used with it,
 * and whether it has been ended since it was last begun. A resolve waits only for queries
 * that have been ended; the others (never ended) resolve to 0, as the trace format says.
 */
public final class QueryState {
    private final QueryType[] lastType;
    private final boolean[] ended;
    private final boolean[] used;
    private final gpusim.gpu.work.Marker[] lastEnd;

    public QueryState(int count) {
        lastType = new QueryType[count];
        ended = new boolean[count];
        used = new boolean[count];
        lastEnd = new gpusim.gpu.work.Marker[count];
    }

    public void begin(int index, QueryType type) {
        lastType[index] = type;
        ended[index] = false;
        used[index] = true;
    }

    /** Records an EndQuery; {@code marker} is its end marker (null for timestamps, written by the CP itself). */
    public void end(int index, QueryType type, gpusim.gpu.work.Marker marker) {
        lastEnd[index] = marker;
        lastType[index] = type;
        ended[index] = true;
        used[index] = true;
    }

    /** The end marker of the query's last EndQuery, or null. */
    public gpusim.gpu.work.Marker lastEnd(int index) {
        return lastEnd[index];
    }

    public boolean ended(int index) {
        return ended[index];
    }

    public boolean used(int index) {
        return used[index];
    }

    public QueryType lastType(int index) {
        return lastType[index];
    }

    public int count() {
        return ended.length;
    }
}
