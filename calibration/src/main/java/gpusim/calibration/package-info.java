/**
 * Calibrating the timing model against measured GPU times: running a calibration set of
 * traces on a configuration, comparing the predictions with a device's times, fitting timing
 * parameters, and measuring a set on the local GPU through the replay. It is separate from the
 * model so that the model never depends on measurements.
 *
 * <ul>
 *   <li>{@link CalibrationSet}: the traces and their measured times;
 *   <li>{@link Correlator}: runs the set on one configuration; {@link Correlation}: the error
 *       figures; {@link CorrelationReport}, {@link CorrelationPlot}: its tables and scatter plot;
 *   <li>{@link Calibrator}: fits keys with CMA-ES; {@link CrossValidation}: K-fold checks of a fit;
 *   <li>{@link DeviceMeasurement}: measuring a set on the local GPU; {@link ReplayReport}: the
 *       JSON of {@code gpusim replay}; {@link TimestampIntervals}: the model's time between
 *       timestamps against a device replay.
 * </ul>
 *
 * <p>Sources: Accel-Sim's tuner and correlator (Khairy et al., ISCA 2020); Hansen's CMA-ES;
 * Hastie, Tibshirani and Friedman, "The Elements of Statistical Learning", section 7.10.
 */
package gpusim.calibration;
