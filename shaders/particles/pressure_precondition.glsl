// The pressure solve's preconditioner z = M r, one pass per pipeline: the including shader
// defines PRECONDITION_MODE (a kPrecondition* of shared/particles.h).
// Jacobi: z = r / diagonal. Multigrid: a V-cycle over levels of cells twice as coarse as the one
// below (docs/particles.md, "The incompressible solver"):
// - a coarse cell's level set is the mean of its non-solid children's (in the finest cells'
//   units, so the ghost fluid's theta, a ratio, reads the same at every level); it is solid when
//   every child is, liquid where that mean is below zero. Its Laplacian is the fine one's stencil
//   at its own size: 1 a liquid neighbour, 1 / theta an air one, nothing a solid one;
// - down: one damped Jacobi sweep from zero (e = w b / diagonal, made where it is read), and the
//   residual it leaves restricted to the coarser level by the transpose of the prolongation,
//   times 4 for the coarser stencil (a Laplacian's scale grows with the cell's area);
// - the coarsest level: kMultigridCoarsestSweeps symmetric Gauss-Seidel sweeps, in one thread;
// - up: the coarser correction prolonged trilinearly (cell-centred: 3/4 and 1/4 along each axis)
//   and one more damped Jacobi sweep.
// The same sweeps before and after, symmetric ones on the coarsest level, and a restriction that
// is the prolongation's transpose make M symmetric and positive, as conjugate gradients need; it
// is a fixed linear map, so the solve stays deterministic. Level 0 runs on the listed bricks; the
// coarse levels over all their cells.
#include "particles/mac_common.glsl"
// x pressure, y residual r, z A d, w the multigrid's scratch at level 0 (the pre-smoothing's
// residual, then the prolonged correction).
layout(set = 0, binding = 19, std430) buffer Pressure { vec4 pressure[]; };
// xy the two search directions (alternating), z the preconditioned residual z.
layout(set = 0, binding = 20, std430) buffer Directions { vec4 directions[]; };
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
// Two per coarse cell, every coarse level after the other: (phi, type, diagonal, 0) and
// (b, e pre-smoothed and corrected, residual, e post-smoothed).
layout(set = 0, binding = 30, std430) buffer Multigrid { vec4 multigrid[]; };
layout(push_constant) uniform Push { LFX_PARTICLES_PRECONDITION_PUSH };
const uint mode = PRECONDITION_MODE;
#include "particles/pressure_common.glsl"
#include "particles/grid_region.glsl"

// What a level stores per cell.
const int kB = 0, kEPre = 1, kResidual = 2, kE = 3;

// Whether this pass runs on level 0 or level 1 (specialisation constants, not a push constant):
// a CPU driver runs both sides of every branch, so a branch on the level read both levels' buffers.
layout(constant_id = LFX_PARTICLES_FINEST_LEVEL_CONSTANT) const bool kFinestLevel = false;
layout(constant_id = LFX_PARTICLES_SECOND_LEVEL_CONSTANT) const bool kSecondLevel = false;

// The levels a pass reads, from its own: the finer one (-1), its own (0), the coarser one (1).
const int kFiner = -1, kOwn = 0, kCoarser = 1;
bool is_finest(int relative) { return relative == kOwn ? kFinestLevel : relative == kFiner && kSecondLevel; }

vec4 cell_of(int relative, int first, int n) {
  return is_finest(relative) ? cells[n] : multigrid[2 * (first + n)];
}

// A cell of level 0 read from level 1, which covers the whole grid: outside the grid region
// (grid_region.glsl) no cell is made this step, and none holds liquid (taken as air).
vec4 finest_cell(int n) {
  return in_region(node_of(n, grid_dims)) ? cells[n] : vec4(0.5, kCellAir, 1.0, 0.0);
}

float value_of(int relative, int first, int n, int what) {
  if (!is_finest(relative)) return multigrid[2 * (first + n) + 1][what];
  if (what == kB) return pressure[n].y;
  return what == kE ? directions[n].z : pressure[n].w;  // the pre-smoothing's residual, then e
}

void set_value(int first, int n, int what, float v) {
  if (!kFinestLevel) {
    multigrid[2 * (first + n) + 1][what] = v;
  } else if (what == kE) {
    directions[n].z = v;
  } else {
    pressure[n].w = v;
  }
}

int cell_count(ivec4 d) { return d.x * d.y * d.z; }

// Cell `c`'s neighbour k (0..5: -x, +x, -y, +y, -z, +z) at a level of `d` cells, -1 outside.
int neighbour(ivec3 c, int k, ivec4 d) {
  ivec3 j = c + (2 * (k & 1) - 1) * unit(k >> 1);
  return inside_grid(j, d) ? node_index(j, d) : -1;
}

// The pre-smoothed correction (one damped sweep from zero), made where it is read.
float pre_smoothed(int n) { return kMultigridSmoothing * value_of(kOwn, dims.w, n, kB) / cell_of(kOwn, dims.w, n).z; }

// A liquid cell's liquid neighbours' sum of `what` (kEPre or kE), or of the pre-smoothed
// correction (-1); 0 for any other cell. Its loops' bounds are 0 for a cell that is not liquid:
// a CPU driver runs an `if` for all its lanes, but leaves a loop once none has work left.
float neighbours_sum(int n, bool liquid, int what) {
  ivec3 c = node_of(n, dims);
  float sum = 0.0;
  for (int k = 0; k < (liquid ? 6 : 0); ++k) {
    int j = neighbour(c, k, dims);
    if (j < 0 || cell_of(kOwn, dims.w, j).y != kCellLiquid) continue;
    sum += what < 0 ? pre_smoothed(j) : value_of(kOwn, dims.w, j, what);
  }
  return sum;
}

// One damped Jacobi sweep from e (its liquid neighbours' sum given): e + w (b - A e) / diagonal.
float swept(float e, float b, float diagonal, float neighbours) {
  return e + kMultigridSmoothing * (b - (diagonal * e - neighbours)) / diagonal;
}

void coarsen(int n) {
  ivec3 c = node_of(n, dims);
  float phi = 0.0, open = 0.0;
  for (int k = 0; k < 8; ++k) {
    ivec3 child = 2 * c + ivec3(k & 1, (k >> 1) & 1, k >> 2);
    if (!inside_grid(child, finer_dims)) continue;
    int j = node_index(child, finer_dims);
    vec4 fine = kSecondLevel ? finest_cell(j) : cell_of(kFiner, finer_dims.w, j);
    if (fine.y == kCellSolid) continue;
    phi += fine.x;
    open += 1.0;
  }
  phi = open > 0.0 ? phi / open : 0.0;
  float type = open == 0.0 ? kCellSolid : (phi < 0.0 ? kCellLiquid : kCellAir);
  multigrid[2 * (dims.w + n)] = vec4(phi, type, 1.0, 0.0);
}

void diagonal(int n) {
  vec4 here = cell_of(kOwn, dims.w, n);
  if (here.y != kCellLiquid) return;
  ivec3 c = node_of(n, dims);
  float d = 0.0;
  for (int k = 0; k < 6; ++k) {
    int j = neighbour(c, k, dims);
    if (j < 0) continue;
    vec4 other = cell_of(kOwn, dims.w, j);
    if (other.y == kCellLiquid) {
      d += 1.0;
    } else if (other.y == kCellAir) {
      d += 1.0 / surface_theta(here.x, other.x);
    }
  }
  multigrid[2 * (dims.w + n)].z = d > 0.0 ? d : 1.0;  // walled in: nothing flows, e stays w b
}

// Per axis, the weights of the four finer cells 2c - 1 .. 2c + 2 that a coarse cell c
// prolongs to (and so restricts from).
const float kTrilinear[4] = float[4](0.25, 0.75, 0.75, 0.25);

void restrict_residual(int n) {
  float b = 0.0;
  // Over the 64 finer cells only where this one is liquid (a loop's bound, as neighbours_sum's).
  ivec3 c = node_of(n, dims);
  for (int k = 0; k < (cell_of(kOwn, dims.w, n).y == kCellLiquid ? 64 : 0); ++k) {
    ivec3 o = ivec3(k & 3, (k >> 2) & 3, k >> 4);
    ivec3 f = 2 * c - 1 + o;
    if (!inside_grid(f, finer_dims)) continue;
    int j = node_index(f, finer_dims);
    // Level 0's scratch is written only in the listed bricks: the other cells are not liquid.
    if (kSecondLevel && finest_cell(j).y != kCellLiquid) continue;
    b += kTrilinear[o.x] * kTrilinear[o.y] * kTrilinear[o.z] * value_of(kFiner, finer_dims.w, j, kResidual);
  }
  b *= 4.0 / 8.0;  // the transpose of the prolongation over its 8 coarse cells' weights, times 4
  set_value(dims.w, n, kB, b);
}

// The coarser level's correction at a liquid cell, 0 at any other.
float prolonged(int n, bool liquid) {
  ivec3 f = node_of(n, dims);
  ivec3 c0 = (f - 1) >> 1;  // the coarse cells around the fine cell's centre: c0 and c0 + 1
  vec3 w0 = mix(vec3(0.25), vec3(0.75), vec3(f & 1));
  float e = 0.0;
  for (int k = 0; k < (liquid ? 8 : 0); ++k) {
    ivec3 o = ivec3(k & 1, (k >> 1) & 1, k >> 2);
    ivec3 c = c0 + o;
    if (!inside_grid(c, coarser_dims)) continue;
    vec3 w = mix(w0, 1.0 - w0, vec3(o));
    e += w.x * w.y * w.z * value_of(kCoarser, coarser_dims.w, node_index(c, coarser_dims), kE);
  }
  return e;
}

// The coarsest level: symmetric Gauss-Seidel sweeps from zero (forward, then backward), by one
// invocation: so small a level costs less in one thread than in a workgroup's barriers.
void coarsest() {
  int count = cell_count(dims);
  for (int n = 0; n < count; ++n) set_value(dims.w, n, kE, 0.0);
  for (uint s = 0u; s < 2u * kMultigridCoarsestSweeps; ++s)
    for (int i = 0; i < count; ++i) {
      int n = (s & 1u) == 0u ? i : count - 1 - i;
      vec4 here = cell_of(kOwn, dims.w, n);
      if (here.y != kCellLiquid) continue;
      float b = value_of(kOwn, dims.w, n, kB);
      set_value(dims.w, n, kE, (b + neighbours_sum(n, true, kE)) / here.z);
    }
}

void main() {
  if (mode == kPreconditionCoarsest) {
    coarsest();
    return;
  }
  // Level 0 runs a workgroup per listed brick, the coarse levels over all their cells.
  int n = kFinestLevel ? brick_cell() : cell_invocation();
  if (!kFinestLevel && n >= cell_count(dims)) return;
  bool liquid = n >= 0 && cell_of(kOwn, dims.w, n).y == kCellLiquid;
  if (mode == kPreconditionJacobi || (mode == kPreconditionSmooth && kFinestLevel)) {
    // The preconditioned residual z, and this workgroup's parts of r . z and |r|^2.
    float r = liquid ? pressure[n].y : 0.0, z = 0.0;
    if (liquid)
      z = mode == kPreconditionJacobi ? r / cells[n].z
                                      : swept(pressure[n].w, r, cells[n].z, neighbours_sum(n, liquid, kEPre));
    if (n >= 0) directions[n].z = z;
    write_partial(vec4(r * z, r * r, 0.0, 0.0));
    return;
  }
  if (n < 0) return;
  if (mode == kPreconditionCoarsen) {
    coarsen(n);
  } else if (mode == kPreconditionDiagonal) {
    diagonal(n);
  } else if (mode == kPreconditionRestrict) {
    restrict_residual(n);
  } else {
    float e = 0.0;
    if (liquid) {
      vec4 here = cell_of(kOwn, dims.w, n);
      float b = value_of(kOwn, dims.w, n, kB);
      if (mode == kPreconditionResidual) {
        e = b - (here.z * pre_smoothed(n) - neighbours_sum(n, liquid, -1));
      } else if (mode == kPreconditionProlong) {
        e = kMultigridSmoothing * b / here.z + prolonged(n, liquid);
      } else {
        e = swept(value_of(kOwn, dims.w, n, kEPre), b, here.z, neighbours_sum(n, liquid, kEPre));
      }
    }
    set_value(dims.w, n, mode == kPreconditionResidual ? kResidual : (mode == kPreconditionProlong ? kEPre : kE), e);
  }
}
