#version 450
// SetPredication reads its 64-bit value when it executes (trace-format.md, "Defaults"), and
// VK_EXT_conditional_rendering reads 32 bits whenever a draw runs: this snapshots
// (value != 0) into a 32-bit word of its own, in command order, for the conditional
// rendering that follows.
layout(local_size_x = 1) in;
layout(std430, binding = 0) readonly buffer Source { uint words[]; };
layout(std430, binding = 1) buffer Predicate { uint predicate[]; };
layout(push_constant) uniform Args { uint sourceWord; uint predicateWord; } args;
void main() {
    predicate[args.predicateWord] = (words[args.sourceWord] | words[args.sourceWord + 1u]) != 0u ? 1u : 0u;
}
