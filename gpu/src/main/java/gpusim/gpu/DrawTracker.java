package gpusim.gpu;

import java.util.ArrayList;
import java.util.List;

/**
 * Per draw: the cycle the command processor issued it, the last cycle any stage worked on it,
 * and the depth blocks' (or ROP units') work for it, summed over the units: where a draw's
 * time goes, draw by draw (the per-draw intervals of docs/calibration-mechanisms.md regress on
 * these).
 */
public final class DrawTracker {
    /** One draw's record. */
    public static final class DrawRecord {
        public final int id;
        public final int line;
        public final long issued;
        public long finished;
        /** Sample positions scan-converted (of the tiles HiZ did not reject), as each unit's scan_samples. */
        public long scanSamples;
        /** Covered samples depth/stencil tested, as samples_tested. */
        public long samplesTested;
        /** Samples that passed depth and stencil, as samples_passed. */
        public long samplesPassed;
        /** Triangle tiles tested against their tile's HiZ bounds, as hiz_tiles. */
        public long hizTiles;
        /** Of those, the tiles HiZ rejected whole, as hiz_rejected_tiles. */
        public long hizRejectedTiles;
        /** 2x2 quads sent on to be shaded, as quads. */
        public long quads;

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

    /** A unit's work on draw {@code id} (one tile batch of it). */
    public void work(int id, long scan, long tested, long passed, long hizTiles, long hizRejected) {
        DrawRecord r = draws.get(id);
        r.scanSamples += scan;
        r.samplesTested += tested;
        r.samplesPassed += passed;
        r.hizTiles += hizTiles;
        r.hizRejectedTiles += hizRejected;
    }

    /** Quads of draw {@code id} a unit sent on to be shaded. */
    public void quads(int id, long quads) {
        draws.get(id).quads += quads;
    }

    public List<DrawRecord> draws() {
        return draws;
    }
}
