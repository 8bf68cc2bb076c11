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

    public QueryState(int count) {
        lastType = new QueryType[count];
        ended = new boolean[count];
        used = new boolean[count];
    }

    public void begin(int index, QueryType type) {
        lastType[index] = type;
        ended[index] = false;
        used[index] = true;
    }

    public void end(int index, QueryType type) {
        lastType[index] = type;
        ended[index] = true;
        used[index] = true;
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
