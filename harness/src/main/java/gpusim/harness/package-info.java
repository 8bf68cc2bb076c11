/**
 * The modelled GPU as a library: what {@code gpusim run} does, for other programs (a JMH
 * study, a notebook's JVM, a sweep of one's own).
 *
 * <p>{@link gpusim.harness.Simulation} loads a trace (its parameters given as a map, the
 * configuration's {@code memory.budget} bounded by what this JVM's heap can hold,
 * {@link gpusim.harness.JvmHeap}), validates it for a configuration and runs it to a
 * {@link gpusim.gpu.RunResult}. The report writers turn a result into the command line's
 * outputs, byte for byte: {@link gpusim.harness.JsonReport} ({@code --json}),
 * {@link gpusim.harness.CsvReport} ({@code --csv}), {@link gpusim.harness.Images}
 * ({@code --images}), {@link gpusim.harness.Timeline} ({@code --timeline}, a
 * {@link gpusim.sim.TraceHook} given to the {@link gpusim.gpu.Gpu} before it runs) and
 * {@link gpusim.harness.Summary} (what {@code run} prints).
 *
 * <pre>{@code
 * Config c = Config.defaults().with("db.count=8");
 * Trace t = Simulation.read(Path.of("examples/occlusion-study.trace"), Map.of("STRIDE", "256"), c);
 * Simulation.validate(t, c, true);
 * RunResult r = Simulation.simulate(t, c);
 * JsonReport.write(Path.of("report.json"), "occlusion-study.trace", c, r);
 * }</pre>
 */
package gpusim.harness;
