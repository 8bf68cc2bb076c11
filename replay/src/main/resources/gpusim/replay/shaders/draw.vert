#version 450
// The trace format's vertex stage: clip = M x (x y z w), M row-major (set_transform), and the
// vertex colour passed through; then the Direct3D viewport, applied here rather than by the
// Vulkan viewport. Direct3D never lets its guard band change which samples a triangle covers
// (trace-format.md, "Rasterization rules": samples outside the viewport rectangle are never
// covered, whatever the guard band), but a Vulkan implementation may clip at the viewport's
// edges, and a clipped edge snaps to other 1/256 positions. So the Vulkan viewport is a large
// one centred on the Direct3D viewport, `view` maps clip space into it, and the scissor holds
// the Direct3D viewport's rectangle. The large viewport's side is a power of two and its origin
// a whole pixel (a device may keep no sub-pixel bits of a viewport's origin:
// viewportSubPixelBits is 0 on lavapipe), so x' = x W / Wv + w 2 fx / Wv, where fx is the
// fraction of the Direct3D viewport's centre, is exact, and y' likewise with y negated (y is up
// in Direct3D's NDC, down in Vulkan's).
layout(location = 0) in vec4 position;
layout(location = 1) in vec4 color;
layout(push_constant) uniform Transform {
    layout(row_major) mat4 m;
    vec4 view; // W / Wv, -H / Hv, 2 fx / Wv, 2 fy / Hv
} pc;
layout(location = 0) out vec4 vColor;
invariant gl_Position;
void main() {
    precise vec4 clip = pc.m * position;
    gl_Position = vec4(clip.x * pc.view.x + clip.w * pc.view.z, clip.y * pc.view.y + clip.w * pc.view.w, clip.z,
            clip.w);
    vColor = color;
}
