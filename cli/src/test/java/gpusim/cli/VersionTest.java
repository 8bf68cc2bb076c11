package gpusim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** {@code gpusim --version}: the project version and the commit the build wrote, or "unknown". */
class VersionTest {
    private static Properties of(String... keyValues) {
        Properties p = new Properties();
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return p;
    }

    @Test
    void theLineNamesVersionCommitAndDate() {
        assertEquals("gpusim 0.1.0-SNAPSHOT (commit b801419, 2026-12-06)",
                Version.line(of("version", "0.1.0-SNAPSHOT", "commit", "b801419", "date", "2026-12-06")));
    }

    @Test
    void aBuildOutsideAGitCheckoutSaysUnknown() {
        assertEquals("gpusim 0.1.0-SNAPSHOT (commit unknown)", Version.line(of("version", "0.1.0-SNAPSHOT")));
        assertEquals("gpusim 0.1.0-SNAPSHOT (commit unknown)",
                Version.line(of("version", "0.1.0-SNAPSHOT", "commit", "", "date", "2026-12-06")));
        assertEquals("gpusim unknown (commit unknown)", Version.line(of("version", "${project.version}")));
        assertEquals("gpusim unknown (commit unknown)", Version.line(new Properties()));
    }

    /** What the build wrote, through both roots of the command line. */
    @Test
    void versionPrintsWhatTheBuildWrote() throws IOException {
        Properties built = new Properties();
        try (InputStream in = Version.class.getClassLoader().getResourceAsStream(Version.RESOURCE)) {
            built.load(in);
        }
        assertTrue(built.getProperty("version").matches("\\d+\\.\\d+\\.\\d+.*"), built.toString());
        String line = Version.line(built);
        assertTrue(line.matches("gpusim \\S+ \\(commit ([0-9a-f]{7,}, \\d{4}-\\d\\d-\\d\\d|unknown)\\)"), line);
        for (String[] args : new String[][] {{"--version"}, {"-V"}}) {
            CliTest.Outcome o = CliTest.gpusim(args);
            assertEquals(new CliTest.Outcome(0, line + "\n", ""), o);
        }
    }
}
