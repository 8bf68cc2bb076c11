/**
 * Scene workloads (docs/workloads.md): a glTF 2.0 model read into a {@link Scene} of placed
 * objects and written as a trace that renders it the way an engine culls with occlusion
 * queries, frame by frame along a camera path. It turns real geometry into traces any
 * conformant renderer runs, so the culling study has realistic input.
 *
 * <ul>
 *   <li>{@link GltfLoader}: reads .gltf/.glb (with JglTF) into {@link Primitive}s and
 *       {@link SceneObject}s; {@link SceneException}: a model or options that do not fit;
 *   <li>{@link SceneTrace}: writes the culling trace, by a {@link Culling} mode, along a
 *       {@link CameraPath}, with {@link Mat4} for the transforms;
 *   <li>{@link CullingStats}: the culling figures per frame and in total.
 * </ul>
 *
 * <p>Source: the Khronos glTF 2.0 specification.
 */
package gpusim.scene;
