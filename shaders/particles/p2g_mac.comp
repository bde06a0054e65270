#version 460
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
// Particle to grid, incompressible solver (APIC on the staggered grid): each particle adds its
// mass and one component of its momentum - velocity, APIC affine motion and its viscous stress -
// to the 27 faces of that component's B-spline stencil, for each of the three, in fixed point
// (integer sums are exact in any order: deterministic), both in one 64-bit sum (face_sums.glsl). No pressure: the projection that follows
// makes the velocity divergence-free. On a CPU driver (kGroupedRuns) an invocation takes a run of
// kP2gRun particles, which the sort keeps by cell: the faces around the run's current cell are
// summed in registers and added once each when the run leaves the cell, the same sums in fewer
// atomics (the driver runs an atomic lane by lane; a GPU adds each particle's with its own).
#include "particles/mac_common.glsl"
#include "particles/face_sums.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer Records { ParticleRecord records[]; };
layout(set = 0, binding = 1, std430) readonly buffer States { ParticleState states[]; };
layout(set = 0, binding = 2, std430) readonly buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 3, std430) buffer Grid { int64_t grid[]; };  // per node and axis: face_sum
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
#include "particles/grid_region.glsl"

layout(constant_id = LFX_PARTICLES_GROUPED_P2G_CONSTANT) const bool kGroupedRuns = false;

// A particle's position (cells), velocity component per step and APIC affine rows, and the grid
// region's mark for its brick.
struct Particle {
  vec3 x;
  vec3 v;
  mat3 affine;
};
Particle particle(uint i) {
  float dx = grid_origin.w, dt = domain_min.w;
  ParticleRecord r = records[i];
  Particle p;
  p.x = (r.position_foam.xyz - grid_origin.xyz) / dx;  // cells
  p.v = r.velocity_density.xyz * dt / dx;              // cells per step
  mat3 c = c_matrix(states[i]) * dt;                   // per step
  p.affine = c - 4.0 * material.y * (c + transpose(c));
  // The grid region holds the brick of the particle's cell (a plain read first: most are marked).
  int brick = brick_of(clamp(ivec3(floor(p.x)), ivec3(0), grid_dims.xyz - 1), grid_dims);
  if ((region_flags(brick) & 1u) == 0u) region[kRegionFlags + uint(brick)] = 1u;
  return p;
}
vec3 affine_row(Particle p, int axis) { return vec3(p.affine[0][axis], p.affine[1][axis], p.affine[2][axis]); }

// The sums a particle at x (cells) with velocity component v and affine row `row` adds to the 27
// faces of component `axis`'s stencil s, x fastest.
void face_sums_of(int axis, vec3 x, float v, vec3 row, out Stencil s, out int64_t sums[27]) {
  s = stencil_at(x - face_offset(axis), grid_dims);
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3; ++j)
      for (int l = 0; l < 3; ++l) {
        float w = s.wx[l] * s.wy[j] * s.wz[k];
        vec3 d = vec3(l, j, k) - s.fx;
        sums[(k * 3 + j) * 3 + l] = face_sum(w, w * (v + dot(row, d)));
      }
}

// Adds a particle's component `axis` to its faces.
void scatter(int axis, Particle p) {
  Stencil s;
  int64_t sums[27];
  face_sums_of(axis, p.x, p.v[axis], affine_row(p, axis), s, sums);
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3; ++j)
      for (int l = 0; l < 3; ++l)
        atomicAdd(grid[3 * node_index(s.base + ivec3(l, j, k), grid_dims) + axis], sums[(k * 3 + j) * 3 + l]);
}

// The grouped runs' window: per component, the faces from the node below the cell, 4 along the
// component's axis (a stencil there starts at the cell below or at the cell) and 3 across.
int64_t window[108];
int window_index(int axis, ivec3 q) {
  ivec3 e = ivec3(3);
  e[axis] = 4;
  return axis * 36 + (q.z * e.y + q.y) * e.x + q.x;
}

// Adds the window of `cell` to the grid and empties it.
void flush(ivec3 cell) {
  for (int axis = 0; axis < 3; ++axis) {
    ivec3 e = ivec3(3);
    e[axis] = 4;
    for (int k = 0; k < e.z; ++k)
      for (int j = 0; j < e.y; ++j)
        for (int l = 0; l < e.x; ++l) {
          int w = window_index(axis, ivec3(l, j, k));
          if (window[w] != 0l) {
            atomicAdd(grid[3 * node_index(cell - 1 + ivec3(l, j, k), grid_dims) + axis], window[w]);
            window[w] = 0l;
          }
        }
  }
}

// Adds a particle's component `axis` in `cell` to the window.
void gather(int axis, Particle p, ivec3 cell) {
  Stencil s;
  int64_t sums[27];
  face_sums_of(axis, p.x, p.v[axis], affine_row(p, axis), s, sums);
  // Along the axis the stencil starts at the cell below (layer 0) or at the cell (layer 1): a
  // select, not an index, so the window stays in registers.
  bool upper = s.base[axis] > cell[axis] - 1;
  for (int k = 0; k < (axis == 2 ? 4 : 3); ++k)
    for (int j = 0; j < (axis == 1 ? 4 : 3); ++j)
      for (int l = 0; l < (axis == 0 ? 4 : 3); ++l) {
        ivec3 q = ivec3(l, j, k), below = q;
        below[axis] -= 1;
        int64_t from_lower = q[axis] < 3 ? sums[(q.z * 3 + q.y) * 3 + q.x] : 0l;
        int64_t from_upper = q[axis] > 0 ? sums[(below.z * 3 + below.y) * 3 + below.x] : 0l;
        window[window_index(axis, q)] += upper ? from_upper : from_lower;
      }
}

void main() {
  if (!kGroupedRuns) {
    uint i = gl_GlobalInvocationID.x;
    if (i >= counts.live) return;
    // One call per component, so that each axis is a constant once inlined (indices, not loads).
    Particle p = particle(i);
    scatter(0, p);
    scatter(1, p);
    scatter(2, p);
    return;
  }
  for (int w = 0; w < 108; ++w) window[w] = 0l;
  uint first = uint(cell_invocation()) * kP2gRun, end = min(first + kP2gRun, counts.live);
  // Clamped so that the window stays inside the grid (a particle's cell lies 3 cells inside it).
  ivec3 cell = ivec3(0);
  for (uint i = first; i < end; ++i) {
    Particle p = particle(i);
    ivec3 here = clamp(ivec3(floor(p.x)), ivec3(1), grid_dims.xyz - 3);
    if (i > first && here != cell) flush(cell);
    cell = here;
    gather(0, p, cell);
    gather(1, p, cell);
    gather(2, p, cell);
  }
  if (end > first) flush(cell);
}
