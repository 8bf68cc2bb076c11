package gpusim.memory.cache;

/**
 * The 32 bits of a {@link ReplacementPolicy}'s state that each way of a {@link TagArray} keeps beside its
 * tag, in the same host word: a hit reads the tag and updates the policy's word in one host cache line,
 * where a policy array of its own beside the tags was a second line to miss on at every hit (with the
 * 60 MiB L2 of {@code h200}, 491,520 ways, an LRU stamp array of 3.75 MiB written at random). Ways are
 * numbered set * ways + way, as everywhere in the cache.
 */
public interface WayWords {
    /** The policy's word of way {@code way}. */
    int word(int way);

    /** Sets the policy's word of way {@code way}. */
    void word(int way, int value);

    /** Ways per set. */
    int setWays();

    /** Ways in all (sets x ways). */
    int size();
}
