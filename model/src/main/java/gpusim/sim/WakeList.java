package gpusim.sim;

import java.util.Arrays;

/**
 * The components refused by a resource (a full queue, busy MSHRs) that it wakes, in the
 * order they were first refused and each once, when it frees room. It remembers every
 * component it has ever held with its engine index, found once: a memory channel with
 * surfaces in memory refuses and wakes its clients about once a served part, too often for
 * an identity-map lookup (or a list that grows again after each clear) every time.
 */
public final class WakeList {
    private final Engine engine;
    private Component[] known = new Component[4];
    private int[] knownIndex = new int[4];
    private int knownCount;
    /**
     * A direct-mapped memo of {@link #known} by identity hash: the components a channel refuses alternate
     * (its caches, input assembly), and each refusal asks for the refused one.
     */
    private final Component[] memo = new Component[16];
    private final int[] memoPosition = new int[16];
    /** Positions in {@link #known} of the components waiting now, in the order they were added. */
    private int[] waiting = new int[4];
    private int count;

    public WakeList(Engine engine) {
        this.engine = engine;
    }

    /** Adds {@code c} (which must be registered with the engine) unless it is already waiting. */
    public void add(Component c) {
        int k = known(c);
        for (int i = 0; i < count; i++) {
            if (waiting[i] == k) {
                return;
            }
        }
        if (count == waiting.length) {
            waiting = Arrays.copyOf(waiting, count * 2);
        }
        waiting[count++] = k;
    }

    /** {@code c}'s engine index, looked up once and remembered. */
    public int engineIndex(Component c) {
        int k = known(c); // first: it may grow knownIndex
        return knownIndex[k];
    }

    /** {@code c}'s position in {@link #known}, added there at its first call. */
    private int known(Component c) {
        int m = System.identityHashCode(c) & (memo.length - 1);
        if (memo[m] == c) {
            return memoPosition[m];
        }
        int k = 0;
        while (k < knownCount && known[k] != c) {
            k++;
        }
        if (k == knownCount) {
            if (knownCount == known.length) {
                known = Arrays.copyOf(known, knownCount * 2);
                knownIndex = Arrays.copyOf(knownIndex, knownCount * 2);
            }
            knownIndex[k] = engine.index(c);
            known[k] = c;
            knownCount++;
        }
        memo[m] = c;
        memoPosition[m] = k;
        return k;
    }

    /** Wakes every waiting component at {@code cycle}, in the order they were added, and forgets them. */
    public void wakeAll(long cycle) {
        for (int i = 0; i < count; i++) {
            engine.wake(knownIndex[waiting[i]], cycle);
        }
        count = 0;
    }

    public boolean isEmpty() {
        return count == 0;
    }
}
