package gpusim.cli;

import gpusim.config.Config;
import gpusim.config.ConfigKey;
import gpusim.config.ConfigKeys;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code gpusim config}: every configuration key with its value, unit, range and meaning. */
@Command(name = "config", mixinStandardHelpOptions = true,
        description = "Lists every configuration key with its default (or the value --set gives it), unit, "
                + "allowed values and meaning.")
public final class ConfigCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    MachineOptions machine = new MachineOptions();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
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
