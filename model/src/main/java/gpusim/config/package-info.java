/**
 * The model's configuration: every key it reads, declared once with its default, range, unit
 * and meaning, and the named presets applied over the defaults. Kept in one place so that the
 * whole configuration can be listed ({@code gpusim config}) and every block reads only declared
 * keys.
 *
 * <ul>
 *   <li>{@link ConfigKeys}: the list of keys; {@link ConfigKey}: one key;
 *   <li>{@link Config}: an immutable value for every key;
 *   <li>{@link Preset}: a named machine configuration file; {@link PresetException}: one that
 *       breaks a rule.
 * </ul>
 */
package gpusim.config;
