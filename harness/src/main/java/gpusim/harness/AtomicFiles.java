package gpusim.harness;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Output files that are whole or absent: a reader (a resumed sweep, a merge job on another
 * node, a person) never sees half a report. The bytes go to a temporary sibling, are forced
 * to the disk, and the sibling is renamed over the final name (POSIX rename(2) is atomic
 * within a file system).
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /** Writes a whole file under its final name only once it is complete. */
    public static void write(Path file, byte[] bytes) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        writeDurably(tmp, bytes);
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Writes {@code bytes} to {@code file} and forces them to the disk before returning. */
    public static void writeDurably(Path file, byte[] bytes) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            while (b.hasRemaining()) {
                ch.write(b);
            }
            ch.force(true);
        }
    }
}
