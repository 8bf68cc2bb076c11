package gpusim.harness;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks, before a run starts, that every output it was asked for can be written, so a bad
 * path is reported at once (a usage error, exit status 2) and not after the whole
 * simulation. A file must not be a directory and must be writable or creatable in an
 * existing, writable directory; a directory must be one, or be creatable below the nearest
 * existing ancestor, which must be a writable directory.
 */
public final class OutputPaths {
    private OutputPaths() {
    }

    /** Null if {@code file} can be written, else why not. */
    public static String fileProblem(Path file) {
        Path abs = file.toAbsolutePath();
        if (Files.isDirectory(abs)) {
            return "it is a directory";
        }
        if (Files.exists(abs)) {
            return Files.isWritable(abs) ? null : "it is not writable";
        }
        Path dir = abs.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            return "no such directory " + dir;
        }
        return Files.isWritable(dir) ? null : "directory " + dir + " is not writable";
    }

    /** Null if {@code dir} is, or can be made, a writable directory, else why not. */
    public static String dirProblem(Path dir) {
        Path p = dir.toAbsolutePath();
        if (Files.exists(p)) {
            if (!Files.isDirectory(p)) {
                return "it exists and is not a directory";
            }
            return Files.isWritable(p) ? null : "it is not writable";
        }
        Path ancestor = p.getParent();
        while (ancestor != null && !Files.exists(ancestor)) {
            ancestor = ancestor.getParent();
        }
        if (ancestor == null || !Files.isDirectory(ancestor)) {
            return "it cannot be created (" + ancestor + " is not a directory)";
        }
        return Files.isWritable(ancestor) ? null : "it cannot be created (" + ancestor + " is not writable)";
    }
}
