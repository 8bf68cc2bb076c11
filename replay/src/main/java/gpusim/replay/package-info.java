/**
 * Replaying a trace on a real GPU through Vulkan (docs/replay.md): resources become buffers and
 * images, each {@code execute} one command buffer, and the dumps and timestamps come back to be
 * compared with the model's. It is a package of its own because it is the only part that talks
 * to a device driver (through LWJGL).
 *
 * <ul>
 *   <li>{@link Replayer}: the replay; {@link ReplayResult}: what it gave; {@link DeviceInfo}: the
 *       device it ran on; {@link ReplayException}: why it cannot run;
 *   <li>{@link VulkanDevice}, {@link Vk}: the instance, device and result checks;
 *   <li>{@link Translation}: what of a trace has a Vulkan translation; {@link ClearTranslation}:
 *       how clears are recorded;
 *   <li>{@link DeviceBuffer}, {@link DeviceImage}, {@link Arena}: memory, images and scratch;
 *   <li>{@link Pipelines}, {@link Shaders}, {@link RenderState}, {@link QueryPools}: pipelines,
 *       the GLSL shaders, bound state and query pools.
 * </ul>
 *
 * <p>Source: the Vulkan 1.3 specification (dynamic rendering, host query reset,
 * VK_EXT_conditional_rendering for predication).
 */
package gpusim.replay;
