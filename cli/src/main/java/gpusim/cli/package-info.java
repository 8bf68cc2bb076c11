/**
 * The {@code gpusim} command line, with picocli: {@link Main} and one class per subcommand, plus
 * the option groups they share. The commands only parse options and call the library
 * ({@code gpusim.harness}, {@code gpusim.study}, {@code gpusim.calibration},
 * {@code gpusim.replay}), so everything they do is also available to other programs.
 *
 * <ul>
 *   <li>commands: {@link RunCommand}, {@link SweepCommand}, {@link SweepTaskCommand},
 *       {@link ConfigCommand}, {@link CorrelateCommand}, {@link CalibrateCommand},
 *       {@link ReplayCommand}, {@link CheckCommand}, {@link IntervalsCommand},
 *       {@link MicrobenchCommand}, {@link SceneCommand};
 *   <li>shared options: {@link MachineOptions}, {@link TraceOptions}, {@link Configs},
 *       {@link CalibrationSetOptions}, {@link ClearOptions}, {@link SlurmOptions};
 *   <li>{@link CountProgress}, {@link DevicePictures}, {@link Version}: progress, device
 *       pictures and {@code --version}.
 * </ul>
 */
package gpusim.cli;
