#version 450
// Dispatch X Y Z: the trace format gives a dispatch no shader, only its groups (for timing and
// statistics), so each group is one empty invocation.
layout(local_size_x = 1) in;
void main() {
}
