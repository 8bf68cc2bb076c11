package gpusim.harness;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * A hash of gpusim's own classes (every {@code gpusim/**.class} of the jar, or of each
 * module's class directory in a build), so that a sweep can tell that its stored rows were
 * made by other code. Class contents only, never file times: rebuilding the same source
 * gives the same fingerprint.
 */
public final class CodeFingerprint {
    private CodeFingerprint() {
    }

    /** The fingerprint of the code that defines these classes (one per module), or "unknown". */
    public static String of(Class<?>... classes) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            TreeSet<Path> locations = new TreeSet<>();
            for (Class<?> c : classes) {
                CodeSource cs = c.getProtectionDomain().getCodeSource();
                if (cs == null || cs.getLocation() == null) {
                    return "unknown";
                }
                locations.add(Path.of(cs.getLocation().toURI()));
            }
            for (Path p : locations) {
                if (Files.isDirectory(p)) {
                    hashDirectory(md, p);
                } else {
                    hashJar(md, p);
                }
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (IOException | URISyntaxException | NoSuchAlgorithmException | RuntimeException e) {
            return "unknown";
        }
    }

    private static void hashDirectory(MessageDigest md, Path root) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root.resolve("gpusim"))) {
            s.filter(f -> f.toString().endsWith(".class")).forEach(files::add);
        }
        files.sort(null);
        for (Path f : files) {
            md.update(root.relativize(f).toString().replace('\\', '/').getBytes(StandardCharsets.UTF_8));
            md.update(Files.readAllBytes(f));
        }
    }

    private static void hashJar(MessageDigest md, Path jar) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            List<JarEntry> entries = new ArrayList<>();
            j.stream().filter(e -> e.getName().startsWith("gpusim/") && e.getName().endsWith(".class"))
                    .forEach(entries::add);
            entries.sort((a, b) -> a.getName().compareTo(b.getName()));
            for (JarEntry e : entries) {
                md.update(e.getName().getBytes(StandardCharsets.UTF_8));
                try (InputStream in = j.getInputStream(e)) {
                    md.update(in.readAllBytes());
                }
            }
        }
    }
}
