package gpusim.tracefile.gen;

import java.util.Locale;

/** The draw order of a microbenchmark's full-target layers ({@link Quads#layered}). */
public enum LayerOrder {
    /** Back to front, each layer nearer than the last: every sample passes LESS and is written. */
    B2F,
    /** Front to back behind an occluder: every sample is rejected. */
    F2B;

    /** As names and parameters write it: b2f, f2b. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
