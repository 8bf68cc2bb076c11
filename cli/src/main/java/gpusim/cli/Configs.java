package gpusim.cli;

import gpusim.config.Config;
import java.util.List;
import picocli.CommandLine;

/** Builds a configuration from a --preset and --set assignments; a bad name, key or value is a usage error. */
final class Configs {
    private Configs() {
    }

    static Config build(CommandLine cmd, String preset, List<String> sets) {
        Config c = Config.defaults();
        if (preset != null) {
            gpusim.config.Preset p = gpusim.config.Preset.find(preset);
            if (p == null) {
                throw new CommandLine.ParameterException(cmd, "--preset " + preset + ": unknown preset (one of "
                        + gpusim.config.Preset.names() + ")");
            }
            c = p.config();
        }
        for (String s : sets) {
            try {
                c = c.with(s);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cmd, "--set " + s + ": "
                        + e.getMessage());
            }
        }
        try {
            return c.validate();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cmd, e.getMessage());
        }
    }
}
