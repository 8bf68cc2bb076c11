#version 450
// The pixel shader writes the interpolated vertex colour (the calibration set's shader too).
layout(location = 0) in vec4 vColor;
layout(location = 0) out vec4 outColor;
void main() {
    outColor = vColor;
}
