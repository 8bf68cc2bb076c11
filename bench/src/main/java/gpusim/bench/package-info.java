/**
 * Host-speed benchmarks of the simulator itself (JMH, {@code bench/target/benchmarks.jar}) and
 * a few timing programs: how fast the model simulates, not what it predicts. One class a
 * measured path.
 *
 * <ul>
 *   <li>parts, one core: {@link EngineLoopBenchmark} (the engine's loop),
 *       {@link TraceParseBenchmark} (parse and validate), {@link BinningBenchmark} (the
 *       rasterizer's binning), {@link RasterDepthBenchmark} (scan conversion and depth test),
 *       {@link ShadingBenchmark} (pixel shading), {@link MemoryHierarchyBenchmark} (the memory
 *       paths);
 *   <li>whole runs: {@link GpuRunBenchmark} and {@link GpuRunCpuTime} (a fill-bound frame),
 *       {@link Warm} (one trace N times in a JVM), {@link SceneBenchmark} (a glTF scene's
 *       culling trace), {@link DepthBlockStudyBenchmark} (a study through the harness API),
 *       {@link CalibrationSetRate} (calibration-set evaluations per minute).
 * </ul>
 *
 * <p>Source: OpenJDK JMH.
 */
package gpusim.bench;
