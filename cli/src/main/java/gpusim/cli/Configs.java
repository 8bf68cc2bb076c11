package gpusim.cli;

import gpusim.config.Config;
import java.util.List;
import picocli.CommandLine;

/** Builds a configuration from --set assignments; a bad key or value is a usage error. */
final class Configs {
    private Configs() {
    }

    static Config build(CommandLine cmd, List<String> sets) {
        Config c = Config.defaults();
        for (String s : sets) {
            try {
                c = c.with(s);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cmd, "--set " + s + ": "
                        + e.getMessage());
            }
        }
        return c;
    }
}
