package gpusim.scene;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the camera is in each frame: an eye and a point looked at (y is up, as in glTF).
 * {@code orbit} circles the scene's bounds at 3 degrees a frame (a 2-second, 120-frame turn
 * at 60 Hz), slightly above it; {@code flythrough} moves through the scene along x at a
 * third of its height, crossing it in 120 frames and turning back; a FILE gives one frame a
 * line, {@code EYE_X EYE_Y EYE_Z TARGET_X TARGET_Y TARGET_Z} ({@code #} comments).
 */
public record CameraPath(String name, List<double[]> eyes, List<double[]> targets) {
    /** Frames a path takes to go round (orbit) or across (flythrough). */
    public static final int PERIOD = 120;

    public static CameraPath of(String spec, double[] bounds, int frames) {
        double[] c = {(bounds[0] + bounds[3]) / 2, (bounds[1] + bounds[4]) / 2, (bounds[2] + bounds[5]) / 2};
        double r = radius(bounds);
        List<double[]> eyes = new ArrayList<>();
        List<double[]> targets = new ArrayList<>();
        switch (spec) {
            case "orbit" -> {
                for (int f = 0; f < frames; f++) {
                    double a = Math.toRadians(30 + 360.0 * f / PERIOD);
                    eyes.add(new double[] {c[0] + 1.6 * r * Math.cos(a), c[1] + 0.45 * r, c[2] + 1.6 * r * Math.sin(a)});
                    targets.add(c);
                }
            }
            case "flythrough" -> {
                double y = bounds[1] + (bounds[4] - bounds[1]) / 3;
                double x0 = bounds[0] - 0.25 * r;
                double x1 = bounds[3] + 0.25 * r;
                for (int f = 0; f < frames; f++) {
                    int k = f % (2 * PERIOD);
                    double t = (k <= PERIOD ? k : 2 * PERIOD - k) / (double) PERIOD;
                    double dir = k < PERIOD ? 1 : -1;
                    double x = x0 + (x1 - x0) * t;
                    eyes.add(new double[] {x, y, c[2]});
                    targets.add(new double[] {x + dir * r, c[1], c[2]});
                }
            }
            default -> {
                Path p = Path.of(spec);
                List<String> lines;
                try {
                    if (Files.size(p) > 64L << 20) {
                        throw new SceneException(spec + ": camera file larger than 64 MiB");
                    }
                    lines = Files.readAllLines(p);
                } catch (IOException e) {
                    throw new SceneException("--camera " + spec + ": not orbit, flythrough or a readable file");
                }
                int n = 0;
                for (String line : lines) {
                    n++;
                    String s = line.replaceAll("#.*", "").trim();
                    if (s.isEmpty()) {
                        continue;
                    }
                    String[] t = s.split("\\s+");
                    if (t.length != 6) {
                        throw new SceneException(spec + ":" + n + ": expected EYE_X EYE_Y EYE_Z TARGET_X TARGET_Y TARGET_Z");
                    }
                    double[] v = new double[6];
                    for (int i = 0; i < 6; i++) {
                        try {
                            v[i] = Double.parseDouble(t[i]);
                        } catch (NumberFormatException e) {
                            throw new SceneException(spec + ":" + n + ": " + t[i] + " is not a number");
                        }
                        if (!Double.isFinite(v[i])) {
                            throw new SceneException(spec + ":" + n + ": " + t[i] + " is not finite");
                        }
                    }
                    if (v[0] == v[3] && v[1] == v[4] && v[2] == v[5]) {
                        throw new SceneException(spec + ":" + n + ": the eye is the point looked at");
                    }
                    if (eyes.size() < frames) {
                        eyes.add(new double[] {v[0], v[1], v[2]});
                        targets.add(new double[] {v[3], v[4], v[5]});
                    }
                }
                if (eyes.size() < frames) {
                    throw new SceneException(spec + ": " + eyes.size() + " camera lines for " + frames + " frames");
                }
                return new CameraPath(p.getFileName().toString(), eyes, targets);
            }
        }
        return new CameraPath(spec, eyes, targets);
    }

    static double radius(double[] b) {
        double dx = b[3] - b[0];
        double dy = b[4] - b[1];
        double dz = b[5] - b[2];
        return Math.max(1e-6, Math.sqrt(dx * dx + dy * dy + dz * dz) / 2);
    }

    /** The view matrix of frame {@code f} (right-handed, y up; a view straight up or down uses z as up). */
    public double[] view(int f) {
        double[] e = eyes.get(f);
        double[] t = targets.get(f);
        double[] d = Mat4.normalize(Mat4.sub(t, e));
        double[] up = Math.abs(d[1]) > 0.999 ? new double[] {0, 0, 1} : new double[] {0, 1, 0};
        return Mat4.lookAt(e, t, up);
    }
}
