#version 450
// ResolveQueryData of queries that are not one Vulkan query each: D3D12 lets any number of
// occlusion (or pipeline statistics) queries be active at once, Vulkan one per type, so every
// draw inside an active D3D query has a Vulkan query of its own and a D3D query's result is
// the sum of its draws' results, counter by counter (BINARY_OCCLUSION: 1 when the sum is not
// zero). 64-bit sums in two 32-bit words with a carry, so no shaderInt64 feature is needed.
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Results { uvec2 results[]; };
// Per resolved query: first result, number of results, 1 for BINARY_OCCLUSION.
layout(std430, binding = 1) readonly buffer Table { uvec4 table[]; };
layout(std430, binding = 2) buffer Destination { uint words[]; };
// counters: u64 values a result (1; 11 for D3D12_QUERY_DATA_PIPELINE_STATISTICS).
layout(push_constant) uniform Args { uint firstWord; uint queries; uint counters; } args;
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= args.queries) {
        return;
    }
    uvec4 e = table[i];
    for (uint c = 0u; c < args.counters; c++) {
        uint lo = 0u;
        uint hi = 0u;
        for (uint k = 0u; k < e.y; k++) {
            uvec2 v = results[(e.x + k) * args.counters + c];
            uint carry;
            lo = uaddCarry(lo, v.x, carry);
            hi = hi + v.y + carry;
        }
        if (e.z != 0u) {
            lo = (lo | hi) != 0u ? 1u : 0u;
            hi = 0u;
        }
        uint o = args.firstWord + 2u * (i * args.counters + c);
        words[o] = lo;
        words[o + 1u] = hi;
    }
}
