package gpusim.gpu;

import gpusim.gpu.db.DepthBlockCore;
import gpusim.gpu.db.FunctionalLanes;
import gpusim.gpu.db.SampleWorkLimit;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.se.ShaderArray;
import gpusim.gpu.work.TileBatch;
import gpusim.sim.MemoryPort;
import java.util.ArrayDeque;

/**
 * What every back end is built from ({@link BackEndFactory}): the parts of the GPU it joins
 * and shares, made by {@link GpuBuilder} before it.
 *
 * @param wiring       the engine, the drain and the draw tracker its stages report to
 * @param counters     the pipeline-statistics counters its units count in
 * @param tiles        which unit owns which screen tile ({@code BackEndFactory#tileOwners} units)
 * @param params       the blocks' timing parameters
 * @param shaders      the shader engines' units, shared with the vertex stage
 * @param cores        one functional depth core per tile owner
 * @param lanes        host threads for the cores' functional work
 * @param workLimit    sim.max_samples, counted over every unit
 * @param tilePool     where a unit returns a triangle batch it has finished with
 * @param queueDepth   queue.depth: entries of the queues it makes
 * @param queueLatency queue.latency: cycles an entry takes through one
 * @param memory       the memory system its surface caches read and write
 */
public record BackEndContext(StageWiring wiring, PipelineCounters counters, TileMap tiles, PipelineParams params,
                             ShaderArray shaders, DepthBlockCore[] cores, FunctionalLanes lanes,
                             SampleWorkLimit workLimit, ArrayDeque<TileBatch> tilePool, int queueDepth,
                             int queueLatency, MemoryPort memory) {
}
