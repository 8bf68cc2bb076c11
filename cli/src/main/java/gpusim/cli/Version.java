package gpusim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/**
 * {@code gpusim --version}: the project version and the git commit the jar was built from, e.g.
 * {@code gpusim 0.1.0-SNAPSHOT (commit b801419, 2026-12-06)}, so that a result can be traced to
 * its code. The build writes both into {@code gpusim/version.properties}; a build outside a git
 * checkout (a source archive) has no commit, and says "unknown".
 */
final class Version implements CommandLine.IVersionProvider {
    static final String RESOURCE = "gpusim/version.properties";

    @Override
    public String[] getVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = Version.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        }
        return new String[] {line(p)};
    }

    /** The version line the build's properties give; what the build could not fill in is "unknown". */
    static String line(Properties p) {
        String commit = known(p.getProperty("commit"));
        String date = known(p.getProperty("date"));
        return "gpusim " + known(p.getProperty("version")) + " (commit " + commit
                + (commit.equals("unknown") || date.equals("unknown") ? "" : ", " + date) + ")";
    }

    /** The value, or "unknown" where there is none or the build left its placeholder. */
    private static String known(String value) {
        return value == null || value.isBlank() || value.contains("${") ? "unknown" : value.strip();
    }
}
