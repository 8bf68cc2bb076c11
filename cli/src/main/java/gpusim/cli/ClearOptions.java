package gpusim.cli;

import gpusim.replay.ClearTranslation;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code --clears}: how replay, check and calibrate --device record clears on the device. */
final class ClearOptions {
    @Option(names = "--clears", paramLabel = "FORM", defaultValue = "transfer", converter = Form.class,
            description = "How clears outside predication are recorded on the device: transfer (the default: "
                    + "every clear vkCmdClearColorImage / vkCmdClearDepthStencilImage outside the rendering instance, "
                    + "between barriers, so nothing after it overlaps it), depth-inline (a colour clear becomes the "
                    + "load operation of the next rendering instance with its target, a depth-stencil clear is "
                    + "vkCmdClearAttachments where it is issued), deferred (every clear a load operation, as "
                    + "vkd3d-proton does), or inline (every clear vkCmdClearAttachments). The "
                    + "results never depend on it; the timing does (docs/replay.md, \"Clears\").")
    ClearTranslation clears = ClearTranslation.DEFAULT;

    /** A form by its name. */
    static final class Form implements CommandLine.ITypeConverter<ClearTranslation> {
        @Override
        public ClearTranslation convert(String value) {
            ClearTranslation c = ClearTranslation.of(value);
            if (c == null) {
                throw new CommandLine.TypeConversionException("'" + value
                        + "' is not a form of clears (depth-inline, deferred, inline, transfer)");
            }
            return c;
        }
    }
}
