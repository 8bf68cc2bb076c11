package gpusim.cli;

import gpusim.config.Config;
import gpusim.config.ConfigKey;
import gpusim.config.ConfigKeys;
import gpusim.config.Preset;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code gpusim config}: every configuration key with its value, unit, range and meaning. */
@Command(name = "config", mixinStandardHelpOptions = true,
        description = "Lists every configuration key with its default (or the value --preset and --set give it), "
                + "unit, allowed values and meaning; --presets lists the bundled presets.")
public final class ConfigCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    MachineOptions machine = new MachineOptions();

    @CommandLine.Option(names = "--presets", description = "List the bundled presets (for --preset) with their "
            + "descriptions instead of the keys.")
    boolean presets;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (presets) {
            int w = 4;
            for (Preset p : Preset.values()) {
                w = Math.max(w, p.id().length());
            }
            for (Preset p : Preset.values()) {
                out.printf("%-" + w + "s  %s%n", p.id(), p.description());
            }
            out.flush();
            return 0;
        }
        Config config = machine.config(spec.commandLine());
        // DRAM keys at 0 take the memory.dram preset's value: list the value in effect.
        java.util.Map<String, Long> inEffect = gpusim.memory.dram.DramParams.presetValues(config);
        // Column widths from the widest entry of each, so every row lines up.
        int wk = 3;
        int wv = 5;
        int wu = 4;
        int wa = 7;
        for (ConfigKey k : ConfigKeys.ALL) {
            wk = Math.max(wk, k.name().length());
            wv = Math.max(wv, k.format(inEffect.getOrDefault(k.name(), config.get(k))).length());
            wu = Math.max(wu, k.unit().length());
            wa = Math.max(wa, k.allowedText().length());
        }
        String row = "%-" + wk + "s  %" + wv + "s  %-" + wu + "s  %-" + wa + "s  %s%n";
        out.printf(row, "KEY", "VALUE", "UNIT", "ALLOWED", "MEANING");
        for (ConfigKey k : ConfigKeys.ALL) {
            out.printf(row, k.name(), k.format(inEffect.getOrDefault(k.name(), config.get(k))), k.unit(),
                    k.allowedText(), k.meaning());
        }
        out.flush();
        return 0;
    }
}
