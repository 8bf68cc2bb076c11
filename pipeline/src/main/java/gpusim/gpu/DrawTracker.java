package gpusim.gpu;

import java.util.ArrayList;
import java.util.List;

/** Per-draw timing: the cycle the command processor issued each draw and the last cycle any stage worked on it. */
public final class DrawTracker {
    /** One draw's record. */
    public static final class DrawRecord {
        public final int id;
        public final int line;
        public final long issued;
        public long finished;

        DrawRecord(int id, int line, long issued) {
            this.id = id;
            this.line = line;
            this.issued = issued;
            this.finished = issued;
        }

        public long cycles() {
            return finished - issued;
        }
    }

    private final List<DrawRecord> draws = new ArrayList<>();

    public int issue(int line, long now) {
        DrawRecord r = new DrawRecord(draws.size(), line, now);
        draws.add(r);
        return r.id;
    }

    public void touch(int id, long now) {
        DrawRecord r = draws.get(id);
        if (now > r.finished) {
            r.finished = now;
        }
    }

    public List<DrawRecord> draws() {
        return draws;
    }
}
