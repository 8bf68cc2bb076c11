package gpusim.harness;

import gpusim.gpu.RunResult;
import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.ps.ColorSurface;
import gpusim.gpu.raster.TileMap;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * Pictures of a run's final state, for people: each render target (samples averaged),
 * each depth buffer (near dark, far light, stretched over the depths present; stencil is not
 * shown) with its overdraw heat map, and the map of which depth block owns which screen tile.
 */
public final class Images {
    private Images() {
    }

    /** Writes the pictures of {@code r}'s final state into {@code dir} (created if missing), one PNG each. */
    public static void write(Path dir, RunResult r) throws IOException {
        Files.createDirectories(dir);
        int w = 0;
        int h = 0;
        for (ColorSurface rt : r.colorTargets()) {
            ImageIO.write(color(rt), "png", dir.resolve("rt-" + rt.name + ".png").toFile());
            w = Math.max(w, rt.width);
            h = Math.max(h, rt.height);
        }
        for (DepthSurface ds : r.depthTargets()) {
            ImageIO.write(depth(ds), "png", dir.resolve("depth-" + ds.name + ".png").toFile());
            if (ds.overdraw != null) {
                ImageIO.write(overdraw(ds), "png", dir.resolve("overdraw-" + ds.name + ".png").toFile());
            }
            w = Math.max(w, ds.width);
            h = Math.max(h, ds.height);
        }
        if (w > 0) {
            ImageIO.write(ownership(r.tiles(), w, h), "png", dir.resolve("db-ownership.png").toFile());
        }
    }

    /** A render target, each pixel the average of its samples (a box resolve). */
    public static BufferedImage color(ColorSurface rt) {
        BufferedImage img = new BufferedImage(rt.width, rt.height, BufferedImage.TYPE_INT_ARGB);
        int[] rgb = BoxResolve.of(rt);
        for (int y = 0; y < rt.height; y++) {
            for (int x = 0; x < rt.width; x++) {
                img.setRGB(x, y, 0xFF000000 | rgb[y * rt.width + x]);
            }
        }
        return img;
    }

    /**
     * A depth buffer as grey levels (sample 0 of each pixel): the nearest depth present black,
     * the farthest white, linearly between, so that the shapes show whatever the range used.
     */
    public static BufferedImage depth(DepthSurface ds) {
        double lo = Double.MAX_VALUE;
        double hi = -Double.MAX_VALUE;
        double[] z = new double[ds.width * ds.height];
        for (int y = 0; y < ds.height; y++) {
            for (int x = 0; x < ds.width; x++) {
                double v = ds.decode(ds.depth[ds.layout.pixel(x, y)]);
                z[y * ds.width + x] = v;
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        double range = hi > lo ? hi - lo : 1;
        BufferedImage img = new BufferedImage(ds.width, ds.height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < ds.height; y++) {
            for (int x = 0; x < ds.width; x++) {
                int g = (int) Math.round((z[y * ds.width + x] - lo) / range * 255);
                img.setRGB(x, y, (g << 16) | (g << 8) | g);
            }
        }
        return img;
    }

    /**
     * Overdraw as a heat map: how many times each pixel was covered by a triangle and
     * depth-tested, from black (never) through blue, red and yellow to white (the most).
     * Tiles that hierarchical Z rejected are not tested, so the map shows what HiZ left; run
     * with {@code --set hiz.enabled=off} for the raw overdraw.
     */
    public static BufferedImage overdraw(DepthSurface ds) {
        int max = 1;
        for (int y = 0; y < ds.height; y++) {
            for (int x = 0; x < ds.width; x++) {
                max = Math.max(max, ds.overdrawAt(x, y));
            }
        }
        BufferedImage img = new BufferedImage(ds.width, ds.height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < ds.height; y++) {
            for (int x = 0; x < ds.width; x++) {
                img.setRGB(x, y, heat((double) ds.overdrawAt(x, y) / max));
            }
        }
        return img;
    }

    /** Black, blue, red, yellow, white as v goes from 0 to 1. */
    public static int heat(double v) {
        double[][] stops = {{0, 0, 0}, {0, 0, 1}, {1, 0, 0}, {1, 1, 0}, {1, 1, 1}};
        double p = Math.min(1, Math.max(0, v)) * (stops.length - 1);
        int i = Math.min((int) p, stops.length - 2);
        double f = p - i;
        int rgb = 0;
        for (int c = 0; c < 3; c++) {
            int ch = (int) Math.round(255 * (stops[i][c] + f * (stops[i + 1][c] - stops[i][c])));
            rgb = (rgb << 8) | ch;
        }
        return rgb;
    }

    /** Each screen tile coloured by the DB that owns it. */
    public static BufferedImage ownership(TileMap tiles, int width, int height) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int db = tiles.owner(x >> tiles.tileShift, y >> tiles.tileShift);
                // Hues spread around the colour wheel, one a DB.
                img.setRGB(x, y, java.awt.Color.HSBtoRGB((float) db / tiles.dbCount, 0.55f, 0.95f) & 0xFFFFFF);
            }
        }
        return img;
    }
}
