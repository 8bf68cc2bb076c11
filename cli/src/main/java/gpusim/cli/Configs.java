package gpusim.cli;

import gpusim.config.Config;
import gpusim.tracefile.TraceParams;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * Builds a configuration from a --preset and --set assignments, and trace parameter values
 * from --param assignments; a bad name, key or value is a usage error.
 */
final class Configs {
    private Configs() {
    }

    /**
     * A usage error whose one line says all there is to say (a key, a value, a preset file's line):
     * {@link Main}'s handler prints it without the command's usage after it, which would only bury it.
     */
    static final class OneLineException extends CommandLine.ParameterException {
        private static final long serialVersionUID = 1L;

        OneLineException(CommandLine cmd, String message) {
            super(cmd, message);
        }
    }

    static Config build(CommandLine cmd, String preset, List<String> sets) {
        Config c = Config.defaults();
        if (preset != null) {
            try {
                gpusim.config.Preset p = gpusim.config.Preset.resolve(preset);
                p.notices().forEach(cmd.getErr()::println);
                c = p.config();
            } catch (IllegalArgumentException e) {
                // A preset file's errors read FILE:LINE: RULE: explanation, like a trace's.
                throw new OneLineException(cmd, (e instanceof gpusim.config.PresetException ? ""
                        : "--preset ") + e.getMessage());
            }
        }
        for (String s : sets) {
            String notice = gpusim.config.ConfigKeys.renameNotice(s.substring(0, Math.max(0, s.indexOf('='))));
            if (notice != null) {
                cmd.getErr().println("gpusim: " + notice);
            }
            try {
                c = c.with(s);
            } catch (IllegalArgumentException e) {
                throw new OneLineException(cmd, "--set " + s + ": " + e.getMessage());
            }
        }
        cmd.getErr().flush();
        try {
            gpusim.memory.dram.DramParams.of(c); // the DRAM keys' rules between them (dram.tRFC < dram.tREFI)
            return c.validate();
        } catch (IllegalArgumentException e) {
            throw new OneLineException(cmd, e.getMessage());
        }
    }

    /**
     * {@code NAME=VALUE} assignments as a map (in the order given). A malformed one, or a name
     * given twice, is a usage error; whether the trace declares the names is checked while
     * reading it (rule PARAM_UNKNOWN).
     */
    static Map<String, String> params(CommandLine cmd, List<String> assignments) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String a : assignments) {
            int eq = a.indexOf('=');
            if (eq < 0) {
                throw new CommandLine.ParameterException(cmd, "--param " + a + ": expected NAME=VALUE");
            }
            String name = a.substring(0, eq);
            String value = a.substring(eq + 1);
            try {
                TraceParams.check(Map.of(name, value));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cmd, "--param " + a + ": " + e.getMessage());
            }
            if (m.put(name, value) != null) {
                throw new CommandLine.ParameterException(cmd, "--param " + a + ": parameter " + name + " is given twice");
            }
        }
        return m;
    }
}
