#version 460
// The swept thickness scheme along one axis (the variant kAlongY: y, else x), from h, pigment into h_out,
// pigment_out (spread_transport.cpp's swept_transport): each face's flux is the liquid in the
// cells it sweeps upstream in dt (flux_x, flux_y: departures.comp's ordered sweeps) - whole
// cells, then the fraction of the next - so one pass moves the liquid at any Courant number,
// conserving it exactly and keeping every cell non-negative. On the listed tiles
// (activate.comp): elsewhere nothing lies and nothing arrives. The y sweep reads the x sweep's
// result from h, which holds it on the listed tiles and nothing on the others (activate.comp
// empties a tile there when it stops running; SpreadSolver::record_thickness the whole buffer
// when the scheme starts), where no liquid lies either. The y sweep marks the tiles it leaves
// above the pile height, for level.comp.
//
// An invocation a line of a tile along the axis: it walks the line's 9 faces in order, each
// once, and updates each cell from the faces on its two sides (an invocation a cell walked every
// face twice, once for each cell beside it). A workgroup kSpreadTilesPerGroup tiles.
#include "spread/fields.glsl"
layout(local_size_x = kSpreadThicknessTile * kSpreadTilesPerGroup) in;
// A specialisation constant, not a branch on the push's mode: a CPU driver runs both sides of a
// branch, so each face would read both axes' sweeps.
layout(constant_id = LFX_SPREAD_ALONG_Y_CONSTANT) const bool kAlongY = false;

// The cell `k` along the axis on this line, as an index into the thickness grid.
int cell_at(bool along_x, int line, int k) { return along_x ? line * thickness_grid.x + k : k * thickness_grid.x + line; }

// A face's sweep takes `share` of cell c's liquid: of its thickness (given) and of its pigments.
void take_cell(float share, float thickness, int c, inout float swept, inout vec4 pigments_swept) {
  swept += share * thickness;
  uint planes = uint(cell_count());
  for (uint p = 0u; p < pigment_planes(); ++p) pigments_swept[p] += share * LFX_TEXEL(pigment, p * planes + uint(c));
}

// Face f's flux along the line of the bulk (.x) and of the pigments (pigments_swept): the liquid
// of the cells it sweeps, all fields in one walk. The thickness of the cells on its two sides
// (before and after it along the line) comes from the line's own walk, which holds them: nearly
// every face sweeps at most the cell beside it, so its walk loads no thickness at all (the loop
// for the cells past the first runs only where some lane sweeps further).
float face_flux(bool along_x, int line, int f, int n, float h_before, float h_after, out vec4 pigments_swept) {
  pigments_swept = vec4(0.0);
  if (f <= 0 || f >= n) return 0.0;  // walls
  float cells = along_x ? LFX_TEXEL(flux_x, line * (thickness_grid.x + 1) + f)
                        : LFX_TEXEL(flux_y, f * thickness_grid.x + line);
  int step = cells > 0.0 ? -1 : 1;  // towards upstream
  int k = cells > 0.0 ? f - 1 : f;
  float left = abs(cells), swept = 0.0;
  // The cell beside the face (none swept where the face carries nothing: a share of 0).
  take_cell(min(left, 1.0), cells > 0.0 ? h_before : h_after, cell_at(along_x, line, k), swept, pigments_swept);
  left -= 1.0;
  k += step;
  while (left > 0.0 && k >= 0 && k < n) {
    int c = cell_at(along_x, line, k);
    take_cell(min(left, 1.0), LFX_TEXEL(h, c), c, swept, pigments_swept);
    left -= 1.0;
    k += step;
  }
  pigments_swept = cells > 0.0 ? pigments_swept : -pigments_swept;
  return cells > 0.0 ? swept : -swept;
}

void main() {
  uint at = listed_slot(gl_LocalInvocationID.x / uint(kSpreadThicknessTile));
  if (at >= listed_count_texel()) return;
  ivec2 tile = listed_tile(at);
  const bool along_x = !kAlongY;
  int lane = int(gl_LocalInvocationID.x % uint(kSpreadThicknessTile));
  ivec2 first = tile * kSpreadThicknessTile + (along_x ? ivec2(0, lane) : ivec2(lane, 0));
  int n = along_x ? thickness_grid.x : thickness_grid.y;
  int line = along_x ? first.y : first.x, start = along_x ? first.x : first.y;
  if (line >= (along_x ? thickness_grid.y : thickness_grid.x)) return;
  uint planes = uint(cell_count());
  int end = min(start + kSpreadThicknessTile, n);
  // The thickness of the cell before this one along the line, of this one and of the next,
  // loaded once each (clamped at the line's ends, where the faces are walls and read none).
  float h_before = LFX_TEXEL(h, cell_at(along_x, line, max(start - 1, 0)));
  float h_here = LFX_TEXEL(h, cell_at(along_x, line, start));
  vec4 pigments_in;
  float bulk_in = face_flux(along_x, line, start, n, h_before, h_here, pigments_in);
  bool piled = false;
  for (int k = start; k < end; ++k) {
    float h_next = LFX_TEXEL(h, cell_at(along_x, line, min(k + 1, n - 1)));
    vec4 pigments_out;
    float bulk_out = face_flux(along_x, line, k + 1, n, h_here, h_next, pigments_out);
    int index = cell_at(along_x, line, k);
    for (uint p = 0u; p < pigment_planes(); ++p) {
      uint plane_at = p * planes + uint(index);
      pigment_out[plane_at] = max(LFX_TEXEL(pigment, plane_at) + pigments_in[p] - pigments_out[p], 0.0);
    }
    float left = max(h_here + bulk_in - bulk_out, 0.0);
    h_out[index] = left;
    piled = piled || left > pile_height;
    bulk_in = bulk_out;
    pigments_in = pigments_out;
    h_here = h_next;
  }
  if (!along_x && piled) mark_piled(tile);
}
