#version 460
// The floor a full-frame pass costs on this device (the spread's reference_pass): every pixel of
// the frame read once and written once, nothing else.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba16f) readonly uniform image2D color;
layout(set = 0, binding = 1, rgba16f) writeonly uniform image2D copy;

void main() {
  ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(pixel, imageSize(color)))) return;
  imageStore(copy, pixel, imageLoad(color, pixel));
}
