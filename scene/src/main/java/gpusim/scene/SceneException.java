package gpusim.scene;

/**
 * A model file that cannot be made into a scene (not glTF, glTF 1.0, a missing buffer, an
 * accessor that reads past its buffer, a count past the limits) or options that do not fit
 * it. The message is one line, naming the file and what is wrong; the command line prints it
 * and exits 2, with no stack trace (a user error, not a bug).
 */
public final class SceneException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SceneException(String message) {
        super(message, null, false, false);
    }
}
