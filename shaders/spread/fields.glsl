// The spread solver's buffers and their samplers, as SpreadSimulation lays them out: a
// staggered velocity grid (u on the vertical faces, (nx + 1) x ny; v on the horizontal ones,
// nx x (ny + 1)), the multigrid pressure levels one after the other, and the thickness grid's
// fields (pigments as planes of mx x my).
#include "shared/spread.h"
layout(push_constant) uniform Push { LFX_SPREAD_PUSH };
layout(set = 0, binding = 0, std430) buffer U { float u[]; };
layout(set = 0, binding = 1, std430) buffer V { float v[]; };
layout(set = 0, binding = 2, std430) buffer UOut { float u_out[]; };
layout(set = 0, binding = 3, std430) buffer VOut { float v_out[]; };
// multigrid.comp reads, within a workgroup, what the workgroup's other threads wrote.
#ifndef LFX_SPREAD_PRESSURE_ACCESS
#define LFX_SPREAD_PRESSURE_ACCESS
#endif
layout(set = 0, binding = 4, std430) LFX_SPREAD_PRESSURE_ACCESS buffer Pressure { float pressure[]; };
layout(set = 0, binding = 5, std430) LFX_SPREAD_PRESSURE_ACCESS buffer Rhs { float rhs[]; };
layout(set = 0, binding = 7, std430) buffer Bulk { float h[]; };
layout(set = 0, binding = 8, std430) buffer BulkOut { float h_out[]; };
layout(set = 0, binding = 9, std430) buffer Pigments { float pigment[]; };
layout(set = 0, binding = 10, std430) buffer PigmentsOut { float pigment_out[]; };
layout(set = 0, binding = 11, std430) buffer Film { float film_thickness[]; };
layout(set = 0, binding = 12, std430) buffer FilmPigments { float film_pigment[]; };
layout(set = 0, binding = 13, std430) buffer History { float history[]; };
layout(set = 0, binding = 14, std430) buffer FaceX { float face_x[]; };
layout(set = 0, binding = 15, std430) buffer FaceY { float face_y[]; };
layout(set = 0, binding = 16, std430) buffer FluxX { float flux_x[]; };
layout(set = 0, binding = 17, std430) buffer FluxY { float flux_y[]; };
layout(set = 0, binding = 18, std430) buffer OutflowScale { float outflow_scale[]; };
layout(set = 0, binding = 19, std430) buffer Control { uint control[]; };  // as kSpreadControlArgs says

// The pigment planes (push's `pigments`), none in the variant for a liquid of one colour.
layout(constant_id = LFX_SPREAD_ONE_COLOUR_CONSTANT) const bool kOneColour = false;
uint pigment_planes() { return kOneColour ? 0u : pigments; }

// Raises control[at] to `bits` (a positive float's bits order like it). A plain read first spares
// nearly all the atomics, since the largest only grows: a CPU driver runs atomics one lane at a
// time, and one for every face or cell was most of a pass's cost there.
void raise_control(uint at, uint bits) {
  if (bits > control[at]) atomicMax(control[at], bits);
}
// The step's strokes (SpreadStrokeGpu, eight words each), read as texels (below): every lane
// reads the same stroke, which a CPU driver loads from a storage buffer lane by lane.
layout(set = 0, binding = 20, r32ui) uniform readonly uimageBuffer stroke_texels;
layout(set = 0, binding = 23, std430) buffer UBack { float u_back[]; };  // MacCormack's round trip
layout(set = 0, binding = 24, std430) buffer VBack { float v_back[]; };
// The thickness's tiles (kSpreadThicknessTile cells a side, row by row): for each, whether this
// step runs on it, then whether it holds liquid, then whether a cell lies above the pile height
// (marked by the swept scheme's y sweep and the levelling along x, for the levelling), then
// whether it is stained: film or traces that the shading may show (they only ever grow), then
// activate.comp's scratch; after those five sections, the lines of tiles' marks and ranges (line_mark,
// running_range_at).
layout(set = 0, binding = 25, std430) buffer TileFlags { uint tile_flags[]; };
// The tiles this step runs on, and their indirect dispatch arguments (tile_args.comp): a
// workgroup kSpreadTilesPerGroup tiles.
layout(set = 0, binding = 26, std430) buffer TileList {
  uint listed_count;
  uint listed_args[3];
  uint listed[];  // x | y << 16; for faces.comp, a tile_count() later, which of its faces it computes
};
// The same list read as texels by the passes that run on it (a gather, not a load a lane).
layout(set = 0, binding = 43, r32ui) uniform readonly uimageBuffer listed_texels;
uint listed_count_texel() { return imageLoad(listed_texels, 0).r; }
uint listed_texel(uint at) { return imageLoad(listed_texels, int(4u + at)).r; }
// The listed tile at `at`.
ivec2 listed_tile(uint at) {
  uint word = listed_texel(at);
  return ivec2(word & 0xffffu, word >> 16);
}

// Fields read as texels (Buffer::word_texels: the same memory, 32-bit words), for the loads of
// words a pass does not write: a CPU driver loads a storage buffer a lane at a time, with a test
// of each lane's mask and bounds, but a texel buffer with one vector gather (the sweeps' walks
// cost a sixth less, the pressure's V-cycle a quarter). A word a pass writes it reads as the
// buffer (a red-black sweep writes its colour's cells and reads the other colour's as texels).
layout(set = 0, binding = 28, r32ui) uniform readonly uimageBuffer h_texels;
layout(set = 0, binding = 29, r32ui) uniform readonly uimageBuffer pigment_texels;
layout(set = 0, binding = 30, r32ui) uniform readonly uimageBuffer face_x_texels;
layout(set = 0, binding = 31, r32ui) uniform readonly uimageBuffer face_y_texels;
layout(set = 0, binding = 32, r32ui) uniform readonly uimageBuffer flux_x_texels;
layout(set = 0, binding = 33, r32ui) uniform readonly uimageBuffer flux_y_texels;
layout(set = 0, binding = 35, r32ui) uniform readonly uimageBuffer u_texels;
layout(set = 0, binding = 36, r32ui) uniform readonly uimageBuffer v_texels;
layout(set = 0, binding = 37, r32ui) uniform readonly uimageBuffer film_thickness_texels;
layout(set = 0, binding = 38, r32ui) uniform readonly uimageBuffer pressure_texels;
layout(set = 0, binding = 39, r32ui) uniform readonly uimageBuffer rhs_texels;
layout(set = 0, binding = 41, r32ui) uniform readonly uimageBuffer tile_flags_texels;
layout(set = 0, binding = 42, r32ui) uniform readonly uimageBuffer history_texels;
#define LFX_TEXEL(FIELD, INDEX) uintBitsToFloat(imageLoad(FIELD##_texels, int(INDEX)).r)
// Stroke s of the step (its pads left out).
SpreadStrokeGpu stroke(uint s) {
  int at = int(s) * 8;
  return SpreadStrokeGpu(vec2(LFX_TEXEL(stroke, at), LFX_TEXEL(stroke, at + 1)),
                         vec2(LFX_TEXEL(stroke, at + 2), LFX_TEXEL(stroke, at + 3)), LFX_TEXEL(stroke, at + 4), 0.0,
                         0.0, 0.0);
}

int cells_x() { return thickness_grid.x; }
int cell_count() { return thickness_grid.x * thickness_grid.y; }

ivec2 thickness_tiles() { return (thickness_grid + kSpreadThicknessTile - 1) / kSpreadThicknessTile; }
int tile_count() { return thickness_tiles().x * thickness_tiles().y; }
int tile_at(ivec2 tile) { return tile.y * thickness_tiles().x + tile.x; }
bool tile_runs(int tile) { return tile_flags[tile] != 0u; }
// The flag word at `at` read as a texel, in a pass that does not write the flags it reads.
uint flag_texel(int at) { return imageLoad(tile_flags_texels, at).r; }
void mark_wet(int tile) { tile_flags[tile_count() + tile] = 1u; }
bool tile_wet(int tile) { return tile_flags[tile_count() + tile] != 0u; }
// After the tiles' five sections, the lines of tiles (rows, then columns): whether a tile in
// each is above the pile height (line_marked: level.comp passes over the lines without), then
// the first and last tile of each that runs (running_tiles: departures.comp scans only from a
// sweep's reach before the first to after the last).
int line_index(bool column, int tile_line) { return (column ? thickness_tiles().y : 0) + tile_line; }
int line_mark(bool column, int tile_line) { return 5 * tile_count() + line_index(column, tile_line); }
void mark_piled_lines(ivec2 tile) {
  tile_flags[line_mark(false, tile.y)] = 1u;
  tile_flags[line_mark(true, tile.x)] = 1u;
}
bool line_marked(bool column, int tile_line) { return tile_flags[line_mark(column, tile_line)] != 0u; }
// A line's running tiles as two maxima raised from 0: kSpreadTileFar less the first, the last
// plus one.
int running_range_at(bool column, int tile_line) {
  ivec2 tiles = thickness_tiles();
  return 5 * tile_count() + tiles.x + tiles.y + 2 * line_index(column, tile_line);
}
void raise_running(int at, int along) {
  atomicMax(tile_flags[at], kSpreadTileFar - uint(along));
  atomicMax(tile_flags[at + 1], uint(along) + 1u);
}
void mark_running_lines(ivec2 tile) {
  raise_running(running_range_at(false, tile.y), tile.x);
  raise_running(running_range_at(true, tile.x), tile.y);
}
// The first and last running tile along a line (the last before the first where none runs).
ivec2 running_tiles(bool column, int tile_line) {
  int at = running_range_at(column, tile_line);
  return ivec2(int(kSpreadTileFar - flag_texel(at)), int(flag_texel(at + 1)) - 1);
}
// The marks cleared by the tiles of the first column (rows) and the first row (columns).
void clear_piled_lines(ivec2 tile) {
  if (tile.x == 0) tile_flags[line_mark(false, tile.y)] = 0u;
  if (tile.y == 0) tile_flags[line_mark(true, tile.x)] = 0u;
}
void clear_running_lines(ivec2 tile) {
  int row = running_range_at(false, tile.y), column = running_range_at(true, tile.x);
  if (tile.x == 0) tile_flags[row] = tile_flags[row + 1] = 0u;
  if (tile.y == 0) tile_flags[column] = tile_flags[column + 1] = 0u;
}

// A tile above the pile height, and its row and column.
void mark_piled(ivec2 tile) {
  tile_flags[2 * tile_count() + tile_at(tile)] = 1u;
  mark_piled_lines(tile);
}
bool tile_piled(int tile) { return tile_flags[2 * tile_count() + tile] != 0u; }
void mark_stained(int tile) { tile_flags[3 * tile_count() + tile] = 1u; }
bool tile_stained(int tile) { return tile_flags[3 * tile_count() + tile] != 0u; }

// Tiles along one axis, from the bound on the fastest sweep along it: those within reach of
// liquid (the step can run on them), and beyond those the ones departures.comp's scans read
// (twice the sweep, a cell spare).
float bound_sweep(int axis) { return uintBitsToFloat(control[kSpreadControlBound + uint(axis)]) * dt / dh; }
int bound_reach(int axis) {
  int tiles = int(ceil((bound_sweep(axis) + kSpreadTileReachMargin) / float(kSpreadThicknessTile)));
  return min(tiles, thickness_tiles()[axis]);
}
int face_reach(int axis) {
  int scanned = int(ceil((2.0 * bound_sweep(axis) + 2.0) / float(kSpreadThicknessTile)));
  return min(bound_reach(axis) + scanned, thickness_tiles()[axis]);
}

// The bits of flag `section` set in the tiles along `axis` within r.x tiles (.x) and within r.y
// tiles (.y) of `tile` (read as texels: the passes that ask do not write that section).
uvec2 bits_within(ivec2 tile, int axis, int section, ivec2 r) {
  ivec2 step = axis == 0 ? ivec2(1, 0) : ivec2(0, 1);
  int reach = max(r.x, r.y);
  int first = max(tile[axis] - reach, 0), last = min(tile[axis] + reach, thickness_tiles()[axis] - 1);
  uvec2 bits = uvec2(0u);
  for (int a = first; a <= last; ++a) {
    uint word = flag_texel(section * tile_count() + tile_at(tile + step * (a - tile[axis])));
    int away = abs(a - tile[axis]);
    bits |= uvec2(away <= r.x ? word : 0u, away <= r.y ? word : 0u);
  }
  return bits;
}
bool any_within(ivec2 tile, int axis, int section, int r) { return bits_within(tile, axis, section, ivec2(r)).x != 0u; }

// Which of its faces (x, y) faces.comp computes in `tile` this step: the x faces those of the
// tiles within reach of liquid and of those the x scans read beyond them along x, the y faces
// likewise along y (the fifth flag, from activate.comp's mode 3: bit 0 wet tiles within the
// x faces' reach along x, bit 1 within the tiles' reach).
bvec2 faces_read(ivec2 tile) {
  uvec2 bits = bits_within(tile, 1, 4, ivec2(bound_reach(1), face_reach(1)));
  return bvec2((bits.x & 1u) != 0u, (bits.y & 2u) != 0u);
}

// Where on the list this workgroup's tile `slot` is, in a grouped dispatch (SpreadSolver::
// dispatch_tiles: a workgroup kSpreadTilesPerGroup tiles; past the count, none).
uint listed_slot(uint slot) {
  return (gl_WorkGroupID.y * kSpreadTilesPerRow + gl_WorkGroupID.x) * kSpreadTilesPerGroup + slot;
}

// Bilinear sample of a field whose sample (i, j) sits at ((i + ox) * cell, (j + oy) * cell),
// clamped at the edges (SpreadSimulation's `sample`), its values loaded by LOAD(FIELD, index):
// LFX_TEXEL for a field the pass does not write, LFX_BUFFER_LOAD otherwise.
#define LFX_BUFFER_LOAD(FIELD, INDEX) FIELD[INDEX]
#define LFX_SPREAD_SAMPLER(NAME, LOAD, FIELD, NX, NY, CELL, OX, OY)                                \
  float NAME(vec2 p) {                                                                             \
    int nx = NX, ny = NY;                                                                          \
    float x = clamp(p.x / CELL - OX, 0.0, float(nx - 1)), y = clamp(p.y / CELL - OY, 0.0, float(ny - 1)); \
    int i = min(int(x), max(nx - 2, 0)), j = min(int(y), max(ny - 2, 0));                          \
    float fx = x - float(i), fy = y - float(j);                                                    \
    int i1 = min(i + 1, nx - 1), j1 = min(j + 1, ny - 1);                                          \
    return (LOAD(FIELD, j * nx + i) * (1.0 - fx) + LOAD(FIELD, j * nx + i1) * fx) * (1.0 - fy) +   \
           (LOAD(FIELD, j1 * nx + i) * (1.0 - fx) + LOAD(FIELD, j1 * nx + i1) * fx) * fy;          \
  }

// The passes that sample these do not write them.
LFX_SPREAD_SAMPLER(sample_u, LFX_TEXEL, u, cells.x + 1, cells.y, dx, 0.0, 0.5)
LFX_SPREAD_SAMPLER(sample_v, LFX_TEXEL, v, cells.x, cells.y + 1, dx, 0.5, 0.0)
LFX_SPREAD_SAMPLER(sample_h, LFX_TEXEL, h, thickness_grid.x, thickness_grid.y, dh, 0.5, 0.5)

vec2 velocity_at(vec2 p) { return vec2(sample_u(p), sample_v(p)); }

LFX_SPREAD_SAMPLER(sample_face_x, LFX_TEXEL, face_x, thickness_grid.x + 1, thickness_grid.y, dh, 0.0, 0.5)
LFX_SPREAD_SAMPLER(sample_face_y, LFX_TEXEL, face_y, thickness_grid.x, thickness_grid.y + 1, dh, 0.5, 0.0)

// Pigment plane k sampled like the thickness.
float sample_pigment(uint k, vec2 p) {
  int nx = thickness_grid.x, ny = thickness_grid.y;
  uint o = k * uint(nx * ny);
  float x = clamp(p.x / dh - 0.5, 0.0, float(nx - 1)), y = clamp(p.y / dh - 0.5, 0.0, float(ny - 1));
  int i = min(int(x), max(nx - 2, 0)), j = min(int(y), max(ny - 2, 0));
  float fx = x - float(i), fy = y - float(j);
  int i1 = min(i + 1, nx - 1), j1 = min(j + 1, ny - 1);
  return (pigment[o + uint(j * nx + i)] * (1.0 - fx) + pigment[o + uint(j * nx + i1)] * fx) * (1.0 - fy) +
         (pigment[o + uint(j1 * nx + i)] * (1.0 - fx) + pigment[o + uint(j1 * nx + i1)] * fx) * fy;
}
