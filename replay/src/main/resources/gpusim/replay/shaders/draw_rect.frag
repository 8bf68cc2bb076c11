#version 450
// draw.frag, for a multisampled draw on a device whose scissor test is not pixel-granular:
// lavapipe tests the scissor per sample against the pixel centre, so a pixel just outside the
// scissor keeps the samples past its centre (docs/replay.md, "Device quirks"). Direct3D's
// viewport and scissor rectangles are whole pixels, so a fragment outside them is discarded
// here, pixel by pixel, exactly as the scissor test should have removed it.
layout(location = 0) in vec4 vColor;
layout(location = 0) out vec4 outColor;
layout(push_constant) uniform Rect { layout(offset = 80) ivec4 rect; } pc; // left, top, right, bottom
void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    if (p.x < pc.rect.x || p.y < pc.rect.y || p.x >= pc.rect.z || p.y >= pc.rect.w) {
        discard;
    }
    outColor = vColor;
}
