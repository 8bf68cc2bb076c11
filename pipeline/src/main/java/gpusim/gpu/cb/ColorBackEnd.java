package gpusim.gpu.cb;

import gpusim.api.BlendMode;
import gpusim.gpu.PipeStage;
import gpusim.gpu.StageWiring;
import gpusim.gpu.PipelineParams.ColorBackEndParams;
import gpusim.gpu.work.ClearColor;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.QuadWave;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Stat;
import java.util.ArrayDeque;

/**
 * The back half of a render back end (RB), as a clocked component: the shaded waves of its
 * depth block's tiles come back from the shader engine in order, take the late depth/stencil
 * test when their pipeline state tests late (ceil(samples / db.late_samples_per_clock)),
 * then the colour back end blends and writes their samples (ceil(colour samples /
 * cb.samples_per_clock), or cb.blend_samples_per_clock for a blending state): colour costs
 * per sample, after shading, as the hardware's CB does (radeonsi programs CB and DB per
 * RB; PAL's "RB" is one DB plus one CB). The two work in step (the slower sets the pace),
 * {@code cb.latency} cycles deep. Colour clears run here at four times the write rate.
 * Markers go on to the end of the pipe.
 *
 * <p>The functional work (late test, blend, writes) was done by the DB's core; this charges
 * its time.
 */
public final class ColorBackEnd extends PipeStage {
    private final int rb;
    private final long lateRate;
    private final long rate;
    private final long blendRate;
    private final long latency;
    private final ArrayDeque<QuadWave> pool;
    private final QuadsInFlight inFlight;
    private final Stat.Scalar samplesWritten;
    private final Stat.Scalar lateSamples;

    public ColorBackEnd(StageWiring wiring, int rb, BoundedQueue<Work> in, ArrayDeque<QuadWave> pool,
                        QuadsInFlight inFlight, ColorBackEndParams p) {
        super(wiring, "cb" + rb, "colour back end " + rb + ": late depth/stencil of shaded waves, blending and colour "
                + "writes of render back end " + rb, in);
        this.rb = rb;
        this.lateRate = p.lateSamplesPerClock();
        this.rate = p.samplesPerClock();
        this.blendRate = p.blendSamplesPerClock();
        this.latency = p.latency();
        this.pool = pool;
        this.inFlight = inFlight;
        this.samplesWritten = stats.scalar("color_samples", "samples", "colour samples blended or written");
        this.lateSamples = stats.scalar("late_samples_tested", "samples",
                "samples of late-Z pipeline states depth/stencil tested after shading");
    }

    @Override
    protected long process(Work w, long now) {
        if (w instanceof QuadWave q) {
            samplesWritten.add(q.colorSamples);
            lateSamples.add(q.lateSamples);
            long colorRate = q.pso.blend() == BlendMode.OFF ? rate : blendRate;
            return Math.max(ceilDiv(q.lateSamples, lateRate), ceilDiv(q.colorSamples, colorRate));
        }
        Marker m = (Marker) w;
        emit(out, m, latency);
        if (m instanceof ClearColor c) {
            // This RB's colour back end clears its tiles (a fast clear, 4x its write rate).
            return ceilDiv(c.progress().count(rb), rate * 4);
        }
        return 1;
    }

    @Override
    protected void finished(Work w, long now) {
        if (w instanceof QuadWave q) {
            inFlight.retire(q.quads, now);
            q.pso = null;
            pool.push(q);
        }
    }
}
