package gpusim.cli;

import gpusim.replay.ReplayResult;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * The device's render targets as PNG pictures ({@code gpusim replay --images}), beside the
 * model's own pictures ({@link gpusim.harness.Images}); here because only the replay
 * commands read a device's pictures back.
 */
final class DevicePictures {
    private DevicePictures() {
    }

    /** The device's render targets ({@code gpusim replay --images}), named as the model's are. */
    static void write(Path dir, List<ReplayResult.Picture> pictures) throws IOException {
        for (ReplayResult.Picture p : pictures) {
            ImageIO.write(picture(p), "png", dir.resolve("rt-" + p.name() + ".png").toFile());
        }
    }

    /** A device picture as an opaque PNG image (the model's pictures leave alpha out too). */
    static BufferedImage picture(ReplayResult.Picture p) {
        BufferedImage img = new BufferedImage(p.width(), p.height(),
                BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < p.height(); y++) {
            for (int x = 0; x < p.width(); x++) {
                int v = p.rgba()[y * p.width() + x];
                img.setRGB(x, y, 0xFF000000 | ((v & 0xFF) << 16) | (v & 0xFF00) | ((v >>> 16) & 0xFF));
            }
        }
        return img;
    }
}
