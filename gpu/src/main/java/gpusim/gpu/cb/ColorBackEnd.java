package gpusim.gpu.cb;

import gpusim.api.BlendMode;
import gpusim.gpu.CycleCarry;
import gpusim.gpu.PipeStage;
import gpusim.gpu.StageWiring;
import gpusim.gpu.PipelineParams.ColorBackEndParams;
import gpusim.gpu.db.DepthWriteHazard;
import gpusim.gpu.db.SurfaceMemory;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.rb.SurfaceTraffic;
import gpusim.gpu.work.ClearColor;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.OcclusionMarker;
import gpusim.gpu.work.QuadWave;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.sim.MemoryClient;
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
    /** A colour clear writes every sample at rate (rop.clear_at_write_rate); false: its pixels at 4x rate. */
    private final boolean clearAtWriteRate;
    private final long blendRate;
    private final long latency;
    private final ArrayDeque<QuadWave> pool;
    private final QuadsInFlight inFlight;
    private final gpusim.gpu.PipelineParams.DepthWriteRates depthWrites;
    private final boolean wholeQuads;
    /** Rates kept across waves (the ROP back end's units), or null: each wave's cycles rounded up. */
    private final CycleCarry carry;
    /** rop.zrop_samples_per_clock: the depth half's rate in series with colour (0: none). */
    private final long zropRate;
    /** rop.ztest_pixels_per_clock: the depth half's read-and-compare rate in series with colour, pixels (0: none). */
    private final long ztestRate;
    /** rop.report_cycles: the cycles an occlusion query's begin or end report takes this unit. */
    private final long reportCycles;
    /** rop.stencil_*_samples_per_clock*: the stencil plane's reads and writes in series with colour. */
    private final gpusim.gpu.PipelineParams.StencilRates stencil;
    /** rop.zcull_waits_for_writes: tells the unit's depth half when a wave's depth writes are done, or null. */
    private DepthWriteHazard hazard;
    private final Stat.Scalar samplesWritten;
    private final Stat.Scalar lateSamples;

    public ColorBackEnd(StageWiring wiring, int rb, BoundedQueue<Work> in, ArrayDeque<QuadWave> pool,
                        QuadsInFlight inFlight, ColorBackEndParams p) {
        super(wiring, "cb" + rb, "colour back end " + rb + ": late depth/stencil of shaded waves, blending and colour "
                + "writes of render back end " + rb, in);
        this.rb = rb;
        this.lateRate = p.lateSamplesPerClock();
        this.rate = p.samplesPerClock();
        this.clearAtWriteRate = p.clearAtWriteRate();
        this.blendRate = p.blendSamplesPerClock();
        this.latency = p.latency();
        this.depthWrites = p.depthWrites();
        this.wholeQuads = p.wholeQuads();
        this.carry = p.pipelined() ? new CycleCarry() : null;
        this.zropRate = p.zropSamplesPerClock();
        this.ztestRate = p.ztestPixelsPerClock();
        this.reportCycles = p.reportCycles();
        this.stencil = p.stencil();
        this.pool = pool;
        this.inFlight = inFlight;
        this.samplesWritten = stats.scalar("color_samples", "samples", "colour samples blended or written");
        this.lateSamples = stats.scalar("late_samples_tested", "samples",
                "samples of late-Z pipeline states depth/stencil tested after shading");
    }

    /** Surfaces in memory: this colour back end's colour-cache traffic, or null. */
    private SurfaceTraffic traffic;
    private TileMap tiles;
    private boolean fastClear;
    /** compression.color: this colour back end's DCC, or null. */
    private DeltaColorCompression dcc;
    /**
     * Items taken from the input whose reads are issued, in order, behind the one being worked
     * on: the colour back end's latency FIFO (at most surfaces.waves_in_flight items with the
     * one in hand), so that the destination reads of many waves are in flight at once.
     */
    private final ArrayDeque<Work> reading = new ArrayDeque<>();
    /** A clear is in {@link #reading}: nothing is taken behind it until it has run (it changes what later waves read). */
    private boolean clearTaken;
    /** The read slot the next wave to issue its reads takes (round the ring of surfaces.waves_in_flight). */
    private int nextSlot;

    /**
     * Puts this colour back end's colour accesses in memory, through {@code cache}
     * (surfaces.in_memory): a blending wave reads the colour lines of its tiles first and
     * waits for them; every wave writes the lines of the samples it writes; clears write
     * their tiles (or, with compression.fast_clear, only the tiles' colour metadata); with
     * {@code color} (compression.color, else null) through its DCC ({@link DeltaColorCompression}).
     * The reads of up to {@code wavesInFlight} waves are outstanding at once: the colour back
     * end takes waves from its input into a FIFO of that many, issuing each one's reads as it
     * takes it, and works on them in order (a blend's destination read overlaps the waves
     * ahead of it, as a ROP's or CB's latency FIFO holds many quads whose reads are in flight).
     */
    public void surfacesThrough(gpusim.sim.MemoryPort cache, int lineBytes, int wavesInFlight, TileMap tiles,
                                boolean fastClear, gpusim.gpu.PipelineParams.ColorCompressionParams color) {
        this.traffic = new SurfaceTraffic(cache, this, lineBytes, wavesInFlight, stats, this::retryAt, this::mayBeIdle,
                MemoryClient.COLOR, MemoryClient.COLOR_META);
        this.tiles = tiles;
        this.fastClear = fastClear;
        this.dcc = color == null ? null : new DeltaColorCompression(traffic, stats, fastClear, color.constantBytes());
    }

    @Override
    protected Work take(long now) {
        if (traffic == null) {
            return super.take(now);
        }
        fill(0, now);
        return reading.poll();
    }

    @Override
    protected boolean inputPending() {
        return !reading.isEmpty() || super.inputPending();
    }

    /**
     * Takes arrived items from the input into {@link #reading} while it has room beside the
     * {@code inHand} item being worked on, issuing each wave's reads; it stops behind a clear.
     */
    private void fill(int inHand, long now) {
        while (!clearTaken && reading.size() + inHand < traffic.window()) {
            Work w = in.peek(now);
            if (w == null) {
                return;
            }
            in.pop(now, true); // the unit looks again when its item is done
            reading.add(w);
            if (w instanceof QuadWave q && q.rt != null && q.tiles > 0) {
                issueReads(q, now);
            } else if (w instanceof ClearColor) {
                clearTaken = true;
            }
        }
    }

    /** A ROP unit's colour half, reporting the waves it has written to its depth half's ZCULL. */
    public void connectHazard(DepthWriteHazard h) {
        this.hazard = h;
    }

    /**
     * The slots wave {@code q} takes at the colour rates: its colour samples, or (rop.whole_quads)
     * every sample of its quads. Only for early-Z waves, whose quads all have a passing sample; a
     * late-Z wave's quads are those shaded, tested here.
     */
    private long slots(QuadWave q) {
        return wholeQuads && q.colorSamples > 0 && q.lateSamples == 0
                ? Math.max(q.colorSamples, 4L * q.quads * q.samplesPerPixel) : q.colorSamples;
    }

    /** The slots of wave {@code q}'s depth writes, scaled as its colour's (a quad's samples go through together). */
    private long depthSlots(QuadWave q, long slots) {
        return slots == q.colorSamples ? q.depthWrites : q.depthWrites * slots / q.colorSamples;
    }

    /**
     * The cycles of wave {@code q}'s depth work on this ROP unit, rounded up: its depth half's pass
     * (rop.zrop_samples_per_clock), its depth writes and its pixels' depth reads
     * (rop.ztest_pixels_per_clock); not its colour. Timing only: the depth half's view of when the
     * unit has written the wave's depth within a draw ({@link DepthWriteHazard}).
     */
    public long depthWork(QuadWave q) {
        long slots = slots(q);
        long depthSlots = depthSlots(q, slots);
        long cycles = zropRate > 0 && q.depthTested ? ceilDiv(slots, zropRate) : 0;
        if (depthSlots > 0 && q.depthFormat != null) {
            long rate = depthWrites.rate(q.depthFormat);
            cycles += rate > 0 ? ceilDiv(depthSlots, rate) : 0;
        }
        return cycles + zTestCycles(q) + stencilWork(q, slots, false);
    }

    /**
     * The stencil plane's work on wave {@code q}'s {@code slots} samples: each slot's stencil read (the
     * stencil test on) and written (a pass operation that changes it), at the surface format's rates; in
     * {@link CycleCarry} parts of a cycle ({@code parts}) or in whole cycles, each rate's rounded up; 0
     * without a stencil test or with the rates unset.
     */
    private long stencilWork(QuadWave q, long slots, boolean parts) {
        if (q.stencilFormat == null) {
            return 0;
        }
        long read = stencil.readRate(q.stencilFormat);
        long write = q.stencilWrites ? stencil.writeRate(q.stencilFormat) : 0;
        return (read > 0 ? (parts ? CycleCarry.parts(slots, read) : ceilDiv(slots, read)) : 0)
                + (write > 0 ? (parts ? CycleCarry.parts(slots, write) : ceilDiv(slots, write)) : 0);
    }

    /** The cycles, rounded up, of wave {@code q}'s depth reads (rop.ztest_pixels_per_clock; 0: none). */
    private long zTestCycles(QuadWave q) {
        return ztestRate > 0 && q.zTested > 0 ? ceilDiv(q.zTested, ztestRate * q.samplesPerPixel) : 0;
    }

    @Override
    protected long process(Work w, long now) {
        if (w instanceof QuadWave q) {
            if (traffic != null && q.rt != null && q.tiles > 0 && !colorTraffic(q, now)) {
                return WAIT;
            }
            samplesWritten.add(q.colorSamples);
            lateSamples.add(q.lateSamples);
            long colorRate = q.pso.blend() == BlendMode.OFF ? rate : blendRate;
            // The slots the wave takes: its colour samples, or (rop.whole_quads) every sample of
            // its quads, its depth writes scaled alike (a quad's samples go through together).
            // Only for early-Z waves, whose quads all have a passing sample; a late-Z wave's quads
            // are those shaded, tested here.
            long slots = slots(q);
            long depthSlots = depthSlots(q, slots);
            long colour;
            long depthRate = depthSlots > 0 ? depthWrites.rate(q.depthFormat) : 0;
            // The same unit writes the wave's depth after its colour (ColorBackEndParams); on a ROP
            // unit a depth-tested wave's samples pass its depth half (ZROP) too: the halves work in series.
            if (carry != null) {
                colour = carry.spend(CycleCarry.parts(slots, colorRate)
                        + (zropRate > 0 && q.depthTested ? CycleCarry.parts(slots, zropRate) : 0)
                        + (depthRate > 0 ? CycleCarry.parts(depthSlots, depthRate) : 0)
                        + (ztestRate > 0 && q.zTested > 0 ? CycleCarry.parts(q.zTested, ztestRate * q.samplesPerPixel) : 0)
                        + stencilWork(q, slots, true));
            } else {
                colour = ceilDiv(slots, colorRate);
                if (depthRate > 0) {
                    colour += ceilDiv(depthSlots, depthRate);
                }
                colour += zTestCycles(q) + stencilWork(q, slots, false);
            }
            long cost = Math.max(ceilDiv(q.lateSamples, lateRate), colour);
            if (hazard != null && q.hazardSeq > 0) {
                // The wave's depth is written when its work here ends: ZCULL may use it from then on.
                hazard.finished(q.hazardSeq, now + cost);
            }
            return cost;
        }
        Marker m = (Marker) w;
        emit(out, m, latency);
        if (m instanceof ClearColor c) {
            clearTaken = false;
            if (traffic != null && c.surface().memory != null) {
                clearTraffic(c);
            }
            // This unit clears its tiles: a fast clear of their pixels at 4x its write rate, or every
            // sample at its write rate, as a fill writes them (rop.clear_at_write_rate).
            return clearAtWriteRate ? ceilDiv(c.progress().count(rb) * c.surface().samples, rate)
                    : ceilDiv(c.progress().count(rb), rate * 4);
        }
        // An occlusion report is taken and released behind this unit's earlier writes; the waves
        // behind it wait (rop.report_cycles).
        return m instanceof OcclusionMarker ? reportCycles : 1;
    }

    /**
     * The wave's colour traffic: its reads (issued when it was taken; false until they have
     * returned, while later waves are taken and their reads issued), then the writes of the
     * samples it writes. A tile a fast clear left cleared reads no data and has its metadata
     * rewritten when first written.
     */
    private boolean colorTraffic(QuadWave q, long now) {
        fill(1, now);
        traffic.pump(now);
        if (!traffic.ready(q.readSlot)) {
            traffic.waited();
            return false;
        }
        q.readSlot = -1;
        if (dcc != null) {
            dcc.writes(q, r -> emitMemory(r, traffic.port()));
            return true;
        }
        SurfaceMemory s = q.rt;
        for (int i = 0; i < q.tiles; i++) {
            int tile = tileIndex(s, q.tileAt[i]);
            emitMemory(traffic.write(s.tileAddress(tile), traffic.bytes(q.tileSamples[i], s.bytesPerSample, s.tileBytes),
                    MemoryClient.COLOR), traffic.port());
            if (q.tileWasCleared[i]) {
                emitMemory(traffic.write(s.metaAddress(tile), SurfaceMemory.META_BYTES, MemoryClient.COLOR_META),
                        traffic.port());
            }
        }
        return true;
    }

    /**
     * Wave {@code q}'s reads into the next slot: a blending wave's colour lines (with DCC, the
     * key lines and stored payloads). The state its writes will leave is taken now, in wave
     * order, so that a later wave's reads see it: a fast-cleared tile the wave writes is no
     * longer cleared (the wave writes its metadata word), and DCC blocks take their new form.
     */
    private void issueReads(QuadWave q, long now) {
        q.readSlot = nextSlot;
        nextSlot = (nextSlot + 1) % traffic.window();
        SurfaceMemory s = q.rt;
        if (dcc != null) {
            dcc.reads(q, q.pso.blend() != BlendMode.OFF, now);
            return;
        }
        if (q.pso.blend() != BlendMode.OFF) {
            for (int i = 0; i < q.tiles; i++) {
                int tile = tileIndex(s, q.tileAt[i]);
                int bytes = traffic.bytes(q.tileSamples[i], s.bytesPerSample, s.tileBytes);
                if (fastClear && s.cleared.get(tile)) {
                    traffic.avoided(bytes);
                } else {
                    traffic.read(q.readSlot, s.tileAddress(tile), bytes, MemoryClient.COLOR, now);
                }
            }
        }
        // After the reads (which saw the tiles as the wave found them), a fast-cleared tile
        // leaves its cleared state with the wave's first record of it, which writes its metadata.
        for (int i = 0; i < q.tiles; i++) {
            int tile = tileIndex(s, q.tileAt[i]);
            q.tileWasCleared[i] = s.cleared.get(tile);
            s.cleared.clear(tile);
        }
    }

    private static int tileIndex(SurfaceMemory s, int at) {
        return (at >>> 16) * s.tilesX + (at & 0xFFFF);
    }

    /**
     * A colour clear's traffic for this RB's tiles: with compression.fast_clear only their
     * metadata words (one write per metadata line; the tiles are marked cleared), else every
     * byte of their colour and the metadata.
     */
    private void clearTraffic(ClearColor c) {
        SurfaceMemory s = c.surface().memory;
        java.util.function.Consumer<gpusim.sim.MemoryRequest> emit = r -> emitMemory(r, traffic.port());
        // With DCC a clear that is not fast stores every block as a constant payload and its
        // key; a fast clear writes the metadata words only, either way.
        SurfaceTraffic.TileData data = dcc != null ? tile -> dcc.clearTile(s, tile, emit)
                : tile -> emit.accept(traffic.write(s.tileAddress(tile), s.tileBytes, MemoryClient.COLOR));
        traffic.clear(s, c.surface().layout, tiles, rb, fastClear, s.tileBytes, data, MemoryClient.COLOR_META, emit);
        if (dcc != null) {
            dcc.flushKeys(emit);
        }
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
