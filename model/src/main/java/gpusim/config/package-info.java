/**
 * The model's configuration: how keys are declared, gathered and set, and the named presets
 * applied over the defaults. Each key is declared once, with its default, range, unit and
 * meaning, beside the parameter record that reads it, in that record's module; the catalogue
 * gathers them so that the whole configuration can be listed ({@code gpusim config}) and every
 * block reads only declared keys.
 *
 * <ul>
 *   <li>{@link ConfigKey}: one key; {@link ChoiceKey}: one naming an enum constant;
 *   <li>{@link KeyGroup}: the keys of one unit and the rules that span them; {@link ModuleKeys}:
 *       a module's groups, found with {@link java.util.ServiceLoader};
 *   <li>{@link ConfigKeys}: the catalogue (every group, lookup by name, renamed keys);
 *   <li>{@link SharedKeys}, {@link SimKeys}: the keys declared here, those that modules which
 *       cannot see each other both read, and the simulator's own;
 *   <li>{@link Config}: an immutable value for every key;
 *   <li>{@link Preset}: a named machine configuration file; {@link PresetException}: one that
 *       breaks a rule.
 * </ul>
 */
package gpusim.config;
