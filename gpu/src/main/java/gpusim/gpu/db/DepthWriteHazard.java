package gpusim.gpu.db;

import gpusim.gpu.work.QuadWave;
import java.util.Arrays;
import java.util.function.LongConsumer;
import java.util.function.ToLongFunction;

/**
 * One ROP unit's coarse depth test (NVIDIA's ZCULL) against the depth writes its colour half
 * has yet to make (rop.zcull_waits_for_writes). On a ROP back end the depth of a colour pass is
 * written by the ROP unit once the shaded quads have come back to it, after the crossbar (NVIDIA's
 * GF100 whitepaper: the ROPs sit in the memory partitions, past the SMs); ZCULL, at the raster
 * end, holds per-tile depth bounds that only those writes can tighten. So a tile whose bounds
 * reject a later triangle was made rejectable by writes that may still be in flight: the test
 * waits until the waves carrying them are through the ROP, and rejected layers run in order
 * behind their occluder instead of alongside it. ZCULL itself is on-chip storage the driver
 * places (Mesa nvk's nil zcull.rs); that its bounds follow the ROP's writes is what the
 * measurements show (docs/calibration-mechanisms.md, "ZCULL waits for the ROP's depth writes": a
 * rejected layer behind a freshly drawn occluder costs its full ZCULL time at every sample count,
 * never hidden behind the occluder's ROP work).
 *
 * <p>Within a draw the wait is shorter: a tile written by an earlier wave of the same draw is
 * rejectable once the unit's depth work has reached that wave ({@link #sent}: each wave's depth
 * work, in the order the waves left the depth half, from the cycle it left, without its trip
 * through the shader and the colour work of the waves before it). An early-Z wave's depth does not
 * depend on its shading, and the H200's per-draw stress replays show no cost for these waits
 * (docs/calibration-mechanisms.md, "Within a draw"), while a rejected layer drawn after its
 * occluder waits for the occluder's whole ROP work (the front-to-back passes).
 *
 * <p>The depth half numbers each wave that writes depth ({@link #next}) and notes it as the last
 * writer of each tile it writes ({@link #wrote}); the colour half reports when it has written a
 * wave ({@link #finished}, the cycle its work on the wave ends). Waves of one unit reach its
 * colour half in the order they left its depth half (one shader engine, one crossbar queue a
 * unit), so finished numbers only grow. Timing only: no result depends on it.
 */
public final class DepthWriteHazard {
    /** Finish cycles of the latest waves by number (a ring: far more than a unit has in flight). */
    private static final int RING = 1 << 12;
    private final long[] finishAt = new long[RING];
    /** By number as {@link #finishAt}: the wave's draw, and the cycle the unit's depth work reaches its end. */
    private final int[] drawOf = new int[RING];
    private final long[] depthDoneAt = new long[RING];
    /** The cycle the unit's depth work on the waves sent so far ends (within-draw waits). */
    private long depthWorkEnd = Long.MIN_VALUE;
    /** The unit's depth work on a wave, in cycles (its colour half's {@code depthWork}); none until connected. */
    private ToLongFunction<QuadWave> depthWork = q -> 0;
    /** Per screen tile (row ty, column tx): the number of the last wave that writes its depth, 0 none. */
    private long[][] lastWriter = new long[0][];
    private long sent;
    private long finished;
    /** The number the depth half waits for, or 0; and how it is woken. */
    private long waitingFor;
    private LongConsumer wake;

    /** A number for the next wave that writes depth. */
    public long next() {
        return ++sent;
    }

    /** How the unit's colour half costs a wave's depth work (ColorBackEnd#depthWork). */
    public void depthWork(ToLongFunction<QuadWave> cost) {
        this.depthWork = cost;
    }

    /**
     * Wave {@code q}, numbered {@code seq}, of draw {@code draw}, leaves the depth half at cycle
     * {@code at}: the unit's depth work reaches its end at max(at, the end of the depth work
     * before it) plus its own.
     */
    public void sent(long seq, int draw, QuadWave q, long at) {
        depthWorkEnd = Math.max(at, depthWorkEnd) + depthWork.applyAsLong(q);
        int k = (int) (seq & (RING - 1));
        drawOf[k] = draw;
        depthDoneAt[k] = depthWorkEnd;
    }

    /** Whether wave {@code seq} (a number far behind the latest: no) belongs to draw {@code draw}. */
    public boolean sameDraw(long seq, int draw) {
        return sent - seq < RING && drawOf[(int) (seq & (RING - 1))] == draw;
    }

    /** The cycle the unit's depth work reaches wave {@code seq}'s end (a number far behind the latest: long done). */
    public long depthDoneAt(long seq) {
        return sent - seq >= RING ? Long.MIN_VALUE : depthDoneAt[(int) (seq & (RING - 1))];
    }

    /** Wave {@code seq} writes depth to screen tile {@code at} ({@code ty << 16 | tx}). */
    public void wrote(int at, long seq) {
        int ty = at >>> 16;
        int tx = at & 0xFFFF;
        if (ty >= lastWriter.length) {
            lastWriter = Arrays.copyOf(lastWriter, Math.max(ty + 1, 2 * lastWriter.length));
        }
        long[] row = lastWriter[ty];
        if (row == null || tx >= row.length) {
            row = row == null ? new long[Math.max(tx + 1, 64)] : Arrays.copyOf(row, Math.max(tx + 1, 2 * row.length));
            lastWriter[ty] = row;
        }
        row[tx] = seq;
    }

    /** The last wave that writes tile (tx, ty)'s depth, 0 if none has. */
    public long lastWriter(int tx, int ty) {
        if (ty >= lastWriter.length) {
            return 0;
        }
        long[] row = lastWriter[ty];
        return row == null || tx >= row.length ? 0 : row[tx];
    }

    /**
     * The cycle wave {@code seq}'s depth writes are done, Long.MAX_VALUE while the colour half
     * has not taken it; a number far behind the latest is long done.
     */
    public long readyAt(long seq) {
        if (seq > finished) {
            return Long.MAX_VALUE;
        }
        return finished - seq >= RING ? Long.MIN_VALUE : finishAt[(int) (seq & (RING - 1))];
    }

    /** The depth half waits for wave {@code seq}: {@code wake} gets the cycle it is done. */
    public void waitFor(long seq, LongConsumer wake) {
        this.waitingFor = seq;
        this.wake = wake;
    }

    /** The colour half has taken wave {@code seq}: its writes are done at {@code at}. */
    public void finished(long seq, long at) {
        finished = seq;
        finishAt[(int) (seq & (RING - 1))] = at;
        if (waitingFor != 0 && seq >= waitingFor) {
            waitingFor = 0;
            wake.accept(at);
        }
    }
}
