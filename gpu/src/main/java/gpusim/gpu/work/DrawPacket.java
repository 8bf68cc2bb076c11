package gpusim.gpu.work;

/** A draw as the command processor hands it to input assembly. */
public record DrawPacket(int drawId, DrawState state, boolean indexed, long count, long start, long baseVertex,
                         long instances) implements Work {
}
