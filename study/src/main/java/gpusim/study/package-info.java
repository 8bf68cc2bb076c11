/**
 * Studies built from many runs: parameter sweeps ({@code gpusim sweep}), run locally or as a
 * Slurm job array, and the scene culling study ({@code gpusim scene --study}). Each writes its
 * rows, tables and a picture.
 *
 * <ul>
 *   <li>{@link Sweep}: the local engine over the combinations of {@link SweepAxis} values;
 *       {@link SweepMetrics}: the figures a row records; {@link SweepRow}: one configuration's
 *       row; {@link SweepReport}, {@link SweepPlot}, {@link SweepProgress}: its tables, picture
 *       and progress bar;
 *   <li>{@link SlurmSweep}: the same sweep as a Slurm job array, from a {@link SweepPlan}, with
 *       {@link Slurm} running {@code sbatch} and {@code scontrol};
 *   <li>{@link SceneMeasurement}, {@link SceneStudy}: one scene's culling measured, and the
 *       study over culling variants.
 * </ul>
 */
package gpusim.study;
