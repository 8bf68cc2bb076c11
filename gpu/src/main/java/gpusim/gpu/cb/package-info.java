/**
 * The colour back end: {@code cb} is AMD's CB, the back half of a render back end, which takes a
 * depth block's shaded pixel waves, runs the late depth/stencil test when the state asks for it,
 * and blends and writes colour samples. It is a package of its own because colour costs are
 * charged per sample after shading, apart from the depth block's work before it.
 *
 * <ul>
 *   <li>{@link ColorBackEnd}: the clocked unit (late Z, blend, colour writes);
 *   <li>{@link DeltaColorCompression}: its DCC, delta colour compression of render-target blocks;
 *   <li>{@link QuadsInFlight}: the quads between a render back end's DB and its CB.
 * </ul>
 *
 * <p>Sources: radeonsi programs the CB through {@code CB_COLOR0_INFO}, {@code CB_BLEND0_CONTROL}
 * and, for DCC, {@code CB_COLOR0_DCC_CONTROL}; PAL's "RB" is one DB plus one CB.
 */
package gpusim.gpu.cb;
