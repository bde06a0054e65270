#version 460
// The pressure solve's start, per liquid cell: the Laplacian's diagonal (a liquid neighbour adds
// 1, an air neighbour 1 / theta - the ghost fluid, pressure 0 at the free surface between the two
// centres - and a solid neighbour nothing: its face keeps the solid's velocity), the divergence
// the solve removes, and the residual r = b - A x of the last step's pressure x (a warm start).
// Volume correction: where the particles bunched up (a cell's liquid fraction above 1), the solve
// asks for a share (volume_rate) of the excess to flow out this step instead of no divergence at
// all. A fraction below 1 is not corrected: it falls off within a cell and a half of the surface
// by itself (the B-spline's reach), so pulling such cells full would shrink the liquid.
#include "particles/mac_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 4, std430) readonly buffer Faces { vec4 faces[]; };
layout(set = 0, binding = 19, std430) buffer Pressure { vec4 pressure[]; };  // x, residual, A direction
layout(set = 0, binding = 20, std430) writeonly buffer Directions { vec4 directions[]; };
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
#include "particles/pressure_common.glsl"

vec4 start(int n) {
  if (!is_liquid(n)) return vec4(0.0);
  ivec3 cell = node_of(n, grid_dims);
  float phi = cells[n].x;
  float diagonal = 0.0, neighbours = 0.0, divergence = 0.0;
  for (int axis = 0; axis < 3; ++axis) {
    divergence += faces[node_index(cell + unit(axis), grid_dims)][axis] - faces[n][axis];
    for (int side = -1; side <= 1; side += 2) {
      int j = node_index(cell + side * unit(axis), grid_dims);  // liquid cells are inside the tank
      vec4 other = cells[j];
      if (other.y == kCellLiquid) {
        diagonal += 1.0;
        neighbours += pressure[j].x;
      } else if (other.y == kCellAir) {
        diagonal += 1.0 / surface_theta(phi, other.x);
      }
    }
  }
  float b = volume_rate * max(cells[n].w - 1.0, 0.0) - divergence;
  float r = b - (diagonal * pressure[n].x - neighbours);
  if (diagonal == 0.0) {  // walled in on every side: nothing can flow, nothing to solve
    diagonal = 1.0;
    b = r = 0.0;
  }
  cells[n].z = diagonal;
  pressure[n].y = r;
  directions[n] = vec4(0.0);
  return vec4(0.0, r * r, b * b, 0.0);
}

void main() { write_partial(start(brick_cell())); }
