#version 450
// CopyBufferRegion while predication is on. Direct3D 12 predicates copies; Vulkan's conditional
// rendering skips dispatches but not transfers, so a predicated copy is this dispatch. One
// invocation a destination word; bytes outside the copied range keep their value.
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Source { uint src[]; };
layout(std430, binding = 1) buffer Destination { uint dst[]; };
layout(push_constant) uniform Args { uint srcByte; uint dstByte; uint bytes; uint firstWord; uint words; } args;
void main() {
    if (gl_GlobalInvocationID.x >= args.words) {
        return;
    }
    uint w = args.firstWord + gl_GlobalInvocationID.x;
    uint value = dst[w];
    for (uint b = 0u; b < 4u; b++) {
        uint db = w * 4u + b;
        if (db >= args.dstByte && db - args.dstByte < args.bytes) {
            uint sb = args.srcByte + (db - args.dstByte);
            uint v = (src[sb >> 2u] >> ((sb & 3u) * 8u)) & 0xFFu;
            value = (value & ~(0xFFu << (b * 8u))) | (v << (b * 8u));
        }
    }
    dst[w] = value;
}
