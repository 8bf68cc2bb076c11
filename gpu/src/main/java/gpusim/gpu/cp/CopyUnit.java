package gpusim.gpu.cp;

import gpusim.gpu.Resources;
import gpusim.trace.Command;

/**
 * The copy unit: CopyBufferRegion, through memory in 4 KiB pieces, each read and then written
 * (one outstanding request at a time, as a CP DMA packet); the copy is done once the last
 * write has completed.
 */
final class CopyUnit implements CommandUnit<Command.CopyBufferRegion> {
    @Override public gpusim.sim.MemoryClient memoryClient() { return gpusim.sim.MemoryClient.COPY; }
    private static final long CHUNK = 4096;

    /** The next step of a copy: read the piece at {@code at}, or write the piece just read there. */
    private sealed interface Step permits Read, Write {
        long at();
    }

    private record Read(long at) implements Step {
    }

    private record Write(long at) implements Step {
    }

    private final EngineServices engine;
    private final Resources res;
    private Command.CopyBufferRegion copy;
    private Step next;

    CopyUnit(EngineServices engine, Resources res) {
        this.engine = engine;
        this.res = res;
    }

    @Override
    public void start(Command.CopyBufferRegion c) {
        copy = c;
        next = new Read(0);
    }

    @Override
    public boolean step(long now) {
        long at = next.at();
        if (at >= copy.bytes()) {
            return true;
        }
        if (next instanceof Read) {
            engine.read(res.address(copy.src()) + copy.srcOffset() + at, (int) Math.min(CHUNK, copy.bytes() - at));
            next = new Write(at);
            return false;
        }
        engine.write(res.address(copy.dst()) + copy.dstOffset() + at, engine.lastRead().data().clone());
        next = new Read(at + Math.min(CHUNK, copy.bytes() - at));
        return false;
    }

    @Override
    public String describe() {
        return "copy: " + (next instanceof Read ? "reading" : "writing") + " from byte " + next.at() + " of "
                + copy.bytes();
    }
}
