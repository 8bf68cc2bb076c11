package gpusim.gpu;

import gpusim.gpu.cp.CommandProcessor;
import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.ps.ColorSurface;
import gpusim.gpu.raster.TileMap;
import gpusim.sim.StatGroup;
import java.util.List;

/**
 * What a run produces: the total cycles, the dumps the trace asked for, the decoded query
 * results, per-draw timing, the statistics tree, and the final contents of the render
 * targets and depth-stencil surfaces (in trace order) with the DBs' tile ownership.
 */
public record RunResult(long cycles, List<CommandProcessor.DumpResult> dumps, List<QueryReport> queries,
                        List<DrawTracker.DrawRecord> draws, StatGroup stats, long timestampFrequency,
                        long engineTicks, List<ColorSurface> colorTargets, List<DepthSurface> depthTargets,
                        TileMap tiles) {

    /**
     * One query's final result as its heap memory holds it at the end of the run, decoded
     * as the type last used with it; {@code latency} is the cycles from its EndQuery
     * leaving the command processor to its last counter write landing (-1 if unknown).
     */
    public record QueryReport(String heap, int index, String type, long[] values, boolean ended, long latency) {
    }
}
