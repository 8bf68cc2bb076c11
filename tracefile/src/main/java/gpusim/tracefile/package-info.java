/**
 * Reading and checking traces: the parser that turns a trace file (docs/trace-format.md) into a
 * {@link gpusim.trace.Trace}, checking every format rule on the line that breaks it and charging
 * every resource to the memory budget, and the validator that checks the Direct3D 12 runtime and
 * debug-layer rules the format promises to enforce.
 *
 * <ul>
 *   <li>{@link TraceReader}: the one-pass parser, with {@link Lexer}, {@link Args},
 *       {@link Numbers}, {@link Enums}, {@link Names}, {@link PipelineStateOptions} and
 *       {@link TraceParams} ({@code param} and {@code ${NAME}});
 *   <li>{@link MemoryBudget}, {@link ResourceSizes}: what each resource costs of
 *       {@code memory.budget};
 *   <li>{@link TraceValidator}: the Direct3D 12 checks, with {@link RecordingRules} (per command
 *       list), {@link ExecutionRules} (buffer states in execution order), {@link FenceRules}
 *       (waits that never end) and {@link IndexRanges};
 *   <li>{@link Rule}: every rule a trace can break; {@link TraceException}, {@link TraceWarning}:
 *       an error and a finding, as {@code FILE:LINE: RULE: explanation}.
 * </ul>
 */
package gpusim.tracefile;
