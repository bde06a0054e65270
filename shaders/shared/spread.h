// The spread effect (liquid a finger pushes around): the math both the CPU reference
// (SpreadSimulation) and the compute shaders run, and the solver's push constants.
#ifndef LFX_SHARED_SPREAD_H
#define LFX_SHARED_SPREAD_H

#include "prelude.h"

LFX_SHARED_BEGIN

LFX_CONST float kSpreadDryDamping = 20.0f;  // 1/s: how fast the flow dies where there is no liquid
LFX_CONST int kSpreadMostStrokes = 16;      // strokes a step (a finger or a script each)
LFX_CONST int kSpreadMostSubsteps = 256;    // thickness sub-steps a step
// The thickness step's listed-tile passes (faces, sweeps, traces) take this many tiles a
// workgroup: a CPU driver pays for each workgroup (a coroutine frame allocated and freed).
LFX_CONST uint kSpreadTilesPerGroup = 8u;
LFX_CONST uint kSpreadTilesPerRow = 4096u;  // listed tiles' workgroups a dispatch row (shade, thickness)
// The thickness step runs on tiles of this many cells a side: those within reach of liquid (the
// fastest sweep along each axis, plus the levelling's one cell and a margin for the other
// schemes' stencils) are listed; the rest neither hold liquid nor receive any this step.
LFX_CONST int kSpreadThicknessTile = 8;
// A thickness tile's faces, 9 x 8 along x and 8 x 9 along y, taken in pairs (one of each axis):
// faces.comp's workgroup. Its listed variant takes the same workgroup as kSpreadTilesPerGroup
// tiles of 9 rows of faces (a thread a row).
LFX_CONST int kSpreadTileFacePairs = kSpreadThicknessTile * (kSpreadThicknessTile + 1);
// Each invocation of the statistics pass (reduce.comp) sums this many thickness tiles along a
// row of tiles, and this many coarse velocity cells: the partials are the larger count over these.
LFX_CONST int kSpreadReduceTiles = 4;
LFX_CONST uint kSpreadReduceRun = 256u;
LFX_CONST float kSpreadTileReachMargin = 2.0f;  // cells beyond the fastest sweep
// The seed's traces (history) show where half the largest coverage seen and the current one,
// summed, are above this.
LFX_CONST float kSpreadTraceShown = 0.06f;
// The pressure's multigrid V-cycle: red-black sweeps before and after the coarse correction; a
// level this small (either side) is solved by sweeps alone.
LFX_CONST int kSpreadSmoothing = 2;
LFX_CONST int kSpreadCoarsestCells = 4;
LFX_CONST int kSpreadCoarsestSweeps = 40;
// The GPU runs the rest of a V-cycle from a level this small (cells) down in one workgroup: the
// small levels' dozens of steps cost a dispatch each otherwise, far more than their work.
LFX_CONST int kSpreadGroupLevelCells = 4096;
// The solver's control buffer: [0] the fastest transport speed's bits, [1] the sub-steps run,
// [2], [3] the fastest along x and along y (bits), then from kSpreadControlArgs each recorded sub-step's indirect
// dispatch arguments (faces, then cells: 6 uints) and the closing copy's (3 uints), then at
// kSpreadControlBound a bound on the transport speed along x and along y (bits, transport_bound.comp).
LFX_CONST uint kSpreadControlArgs = 4u;
LFX_CONST uint kSpreadControlBound = kSpreadControlArgs + 6u * uint(kSpreadMostSubsteps) + 3u;
LFX_CONST uint kSpreadControlWords = kSpreadControlBound + 2u;
// Past the last tile along either axis: a line's first running tile is kept as this less it, so
// that it is raised as a maximum from 0 (fields.glsl's mark_running_lines).
LFX_CONST uint kSpreadTileFar = 65535u;

// A red-black sweep's threads on a pressure level of `level` cells: a colour's cells,
// (level.x + 1) / 2 a row (multigrid.glsl's colour_cell; the dispatch, SpreadSolver's).
LFX_FN ivec2 spread_colour_columns(ivec2 level) {
  return ivec2((level.x + 1) / 2, level.y);
}

// Explicit viscosity sub-steps a step keeping each stable (nu dt / dx^2 <= 1/4).
LFX_FN int spread_diffusion_steps(float viscosity, float dt, float dx) {
  return max(1, int(ceil(4.0f * viscosity * dt / (dx * dx))));
}

LFX_FN float spread_smoothstep(float edge0, float edge1, float x) {
  float t = clamp((x - edge0) / (edge1 - edge0), 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

// Quadratic B-spline weights of the samples before, at and after the one nearest a point that
// lies t (in [-0.5, 0.5]) samples from it: a smooth (C1) blend, unlike bilinear's kinks.
LFX_FN vec3 spread_spline_weights(float t) {
  return vec3(0.5f * (0.5f - t) * (0.5f - t), 0.75f - t * t, 0.5f * (0.5f + t) * (0.5f + t));
}

// A blob's thickness at p over its thickness at the centre: the seed's hemispherical dome, its
// foot softened.
LFX_FN float spread_blob_profile(vec2 p, vec2 centre, float radius) {
  float q = spread_smoothstep(0.0f, radius, length(p - centre));
  float height = sqrt(max(1.0f - q * q, 0.0f));
  return height * spread_smoothstep(0.0f, 0.087f, height);
}

// How strongly a finger moving from `from` to `to` acts at p: 1 under its pad (half its radius),
// fading to 0 at its radius.
LFX_FN float spread_finger_weight(vec2 from, vec2 to, float radius, vec2 p) {
  vec2 d = to - from;
  float len2 = dot(d, d);
  float t = len2 > 0.0f ? clamp(dot(p - from, d) / len2, 0.0f, 1.0f) : 0.0f;
  return 1.0f - spread_smoothstep(0.5f * radius, radius, length(p - (from + t * d)));
}

// The thickness's transport velocity: the flow, plus the finger carrying the liquid under its pad
// (the plow: not divergence-free, so the liquid piles up ahead and thins behind), slowed below
// the yield speed.
LFX_FN vec2 spread_yield(vec2 flow, float yield_speed) {
  return yield_speed > 0.0f ? flow * spread_smoothstep(0.0f, yield_speed, length(flow)) : flow;
}

// The curl at a cell from its neighbours' centre velocities (left, right, below, above).
LFX_FN float spread_curl(vec2 left, vec2 right, vec2 below, vec2 above, float dx) {
  return (right.y - left.y - (above.x - below.x)) / (2.0f * dx);
}

// Vorticity confinement's force at a cell from the curl around it: along N x curl, N the unit
// gradient of |curl| (towards the swirl's core), strength epsilon dx |curl|.
LFX_FN vec2 spread_confinement(float left, float right, float below, float above, float here, float dx, float epsilon) {
  vec2 gradient = vec2(abs(right) - abs(left), abs(above) - abs(below)) / (2.0f * dx);
  float size = length(gradient);
  if (size < 1e-6f) return vec2(0.0f);
  vec2 n = gradient / size;
  return epsilon * dx * vec2(n.y * here, -n.x * here);
}

// Levelling: liquid thicker than the pile height flows down its own slope, as a film levels
// under its weight - a diffusion of the thickness that is zero at and below the pile height and
// grows with the square of the excess over it, so a tall bead spreads fast and the liquid at
// rest below the height never moves. kSpreadLevelling is its diffusivity (short sides squared a
// second) at one pile height of excess.
LFX_CONST float kSpreadLevelling = 0.01f;
// The conductance of the face between cells holding `a` and `b` over a step, in cells squared:
// `unit` is kSpreadLevelling dt / dh^2, `pile` > 0.
LFX_FN float spread_levelling(float a, float b, float pile, float unit) {
  float excess = max(max(a, b) - pile, 0.0f) / pile;
  return unit * excess * excess;
}

LFX_FN float spread_minmod(float a, float b) {
  return a * b <= 0.0f ? 0.0f : (abs(a) < abs(b) ? a : b);
}

// The volume (per unit cell area) crossing a face from its upwind cell `up` (`up_up` beyond it,
// `down` across the face) at `courant` cells a sub-step; with a minmod-limited slope when
// second order.
LFX_FN float spread_face_flux(float courant, float up_up, float up, float down, bool second_order) {
  float value = up;
  if (second_order) value += 0.5f * (1.0f - courant) * spread_minmod(up - up_up, down - up);
  return courant * max(value, 0.0f);
}

// A stroke as the GPU reads it.
struct SpreadStrokeGpu {
  vec2 from;
  vec2 to;
  float radius;
  float pad0;
  float pad1;
  float pad2;
};

// Every solver pass's push constants (each reads what it needs).
#define LFX_SPREAD_PUSH                                                                           \
  ivec2 cells;          /* velocity grid: nx, ny */                                               \
  ivec2 thickness_grid; /* thickness grid: mx, my */                                              \
  float dx;             /* velocity cell (short sides) */                                         \
  float dh;             /* thickness cell (short sides) */                                        \
  float dt;             /* s: the step */                                                         \
  uint stroke_count;                                                                              \
  float drag;                                                                                     \
  float plow;                                                                                     \
  float yield_speed;                                                                              \
  float dry_threshold;                                                                            \
  float keep;         /* velocity kept over the step where dry */                                 \
  float diffusion;    /* nu dt / dx^2 of one diffusion sub-step */                                \
  uint mode;          /* pass-specific: a sweep's colour, a scheme, a sub-step's index */         \
  uint pigments;      /* pigment planes (none: one colour) */                                     \
  ivec2 level;        /* a multigrid level's cells; faces.comp's plowed tiles: the box's first */ \
  uint level_offset;  /* where it starts in the pressure buffers */                               \
  uint coarse_offset; /* where the next coarser level starts */                                   \
  float cfl;                                                                                      \
  uint most_substeps;  /* recorded thickness sub-steps (the GPU runs as many as it needs) */      \
  float film;          /* film traces: thickness left behind */                                   \
  float film_laid;     /* share of the missing film laid a step */                                \
  uint options;        /* bit 0: film traces (else history); 1: MUSCL; 2: swept (piles marked) */ \
  float pile_height;   /* levelling: thicker than this the liquid flows down its slope */         \
  uint partial_stride; /* reduce.comp: partial sums a quantity */                                 \
  float vorticity;     /* vorticity confinement strength (0: off) */                              \
  vec2 blob_centre;    /* blob.comp: the blob added (into pigment plane `mode`) */                \
  float blob_radius;                                                                              \
  float blob_amount;

// The shading passes' specialisation constants (bool; gpu::SpecializedComputePipeline): a CPU
// driver runs both sides of every branch, so a pass made for its frame leaves out the picture it
// does not read, the matcap's lookup, the trace mode it does not show and the kept shading's store.
#define LFX_SPREAD_OVER_FRAME_CONSTANT 0   // background 1: the liquid over what the frame holds
#define LFX_SPREAD_MATCAP_CONSTANT 1       // use_matcap 1
#define LFX_SPREAD_FILM_TRACES_CONSTANT 2  // traces 1: the film, not the seed's history
#define LFX_SPREAD_KEEP_CONSTANT 3         // kept 1: the shading kept as well
#define LFX_SPREAD_FILM_CONSTANT 4         // the film's fields read (some film may lie)
#define LFX_SPREAD_BANDING_CONSTANT 6      // banding_top > 0: the thickness shaded in 8-bit steps
// faces.comp's variants: the listed tiles' faces (the swept scheme), not every face; and with it
// (PLOWED) the faces the strokes' plow may reach, in a box of tiles around them (push.level: its
// first tile), the other variant leaving out the plow.
#define LFX_SPREAD_LISTED_FACES_CONSTANT 0
#define LFX_SPREAD_PLOWED_FACES_CONSTANT 3
// sweep.comp's and departures.comp's variant: along y, not x.
#define LFX_SPREAD_ALONG_Y_CONSTANT 1
// The thickness passes' variant for a liquid of one colour (no pigment planes): their loops over
// the planes left out, since a CPU driver runs a loop's body once even where no lane enters it
// (spread/fields.glsl's pigment_planes).
#define LFX_SPREAD_ONE_COLOUR_CONSTANT 5
// A pass's mode as three bits (spread/mode.glsl).
#define LFX_SPREAD_MODE_BIT0_CONSTANT 16
#define LFX_SPREAD_MODE_BIT1_CONSTANT 17
#define LFX_SPREAD_MODE_BIT2_CONSTANT 18

// The shading pass: the liquid over the frame.
#define LFX_SPREAD_SHADE_PUSH                                                 \
  ivec2 frame_size;     /* pixels */                                          \
  ivec2 thickness_grid; /* mx, my */                                          \
  float short_side;     /* pixels a short side */                             \
  float dh;             /* thickness cell (short sides) */                    \
  float relief;                                                               \
  float shine;                                                                \
  uint background;   /* 0 skin, 1 what the frame holds, 2 a picture */        \
  uint traces;       /* 0 history, 1 film */                                  \
  float film;        /* the thickness that covers fully (short sides) */      \
  uint pigments;     /* pigment planes (none: one colour, colors[0]) */       \
  float banding_top; /* > 0: the thickness rounded to 8 bits of this range */ \
  uint use_matcap;   /* 1: light the liquid with the matcap picture */        \
  uint kept;         /* 1: the shading kept as well; 2: the kept one again */ \
  float pad2;                                                                 \
  vec4 colors[4]; /* each pigment's colour (display rgb) */

#ifdef __cplusplus
struct SpreadShadePush {
  LFX_SPREAD_SHADE_PUSH
};
static_assert(sizeof(SpreadShadePush) == 128 && offsetof(SpreadShadePush, colors) == 64);
struct SpreadPush {
  LFX_SPREAD_PUSH
};
static_assert(sizeof(SpreadStrokeGpu) == 32);
static_assert(int(kSpreadTilesPerGroup) * (kSpreadThicknessTile + 1) == kSpreadTileFacePairs,
              "faces.comp's listed variant: a thread a row of its workgroup's tiles");
static_assert(sizeof(SpreadPush) == 128 && offsetof(SpreadPush, level) == 64);
#endif

LFX_SHARED_END

#endif
