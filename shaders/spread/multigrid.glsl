// The pressure solve's multigrid steps on one cell (pressure_multigrid.cpp's V-cycle; the walls
// are Neumann: a missing neighbour is left out): level l's cells start at o in the pressure and
// right-side buffers, the next coarser level's at co.
#include "spread/fields.glsl"

// A load of a level's field that the step does not write there: through its texel view in a
// dispatched step (a gather, not a load a lane; a red-black sweep writes its colour's cells and
// reads the other's), as the buffer in multigrid_group.comp, which reads what its own threads
// wrote after a buffer barrier.
#ifdef LFX_SPREAD_MULTIGRID_IN_GROUP
#define LFX_LEVEL_LOAD(FIELD, INDEX) FIELD[INDEX]
#else
#define LFX_LEVEL_LOAD(FIELD, INDEX) LFX_TEXEL(FIELD, INDEX)
#endif

// Cell c's index on level l.
int cell_index(ivec2 l, ivec2 c) { return c.y * l.x + c.x; }
// The index of the cell of the coarser level (at co) that holds cell c of level l.
uint coarse_index(ivec2 l, uint co, ivec2 c) { return co + uint((c.y / 2) * ((l.x + 1) / 2) + c.x / 2); }

// Cell c's neighbour n's pressure on level l (at o); `prolonged`: with the coarser level's (at
// co) added, as pressure_multigrid.cpp's prolongation adds it (the same float sum), so that the
// sweep after it reads the sum itself instead of a step storing it first.
float neighbour_at(ivec2 l, uint o, ivec2 n, bool prolonged, uint co) {
  float p = LFX_LEVEL_LOAD(pressure, o + uint(cell_index(l, n)));
  return prolonged ? p + LFX_LEVEL_LOAD(pressure, coarse_index(l, co, n)) : p;
}

// Cell c's neighbours' pressures summed on level l (at o), `open` of them inside the box.
float neighbour_sum(ivec2 l, uint o, ivec2 c, out float open, bool prolonged, uint co) {
  float sum = 0.0;
  open = 0.0;
  if (c.x > 0) sum += neighbour_at(l, o, c - ivec2(1, 0), prolonged, co), open += 1.0;
  if (c.x + 1 < l.x) sum += neighbour_at(l, o, c + ivec2(1, 0), prolonged, co), open += 1.0;
  if (c.y > 0) sum += neighbour_at(l, o, c - ivec2(0, 1), prolonged, co), open += 1.0;
  if (c.y + 1 < l.y) sum += neighbour_at(l, o, c + ivec2(0, 1), prolonged, co), open += 1.0;
  return sum;
}

// A red-black sweep's cells of one colour ((i + j) & 1 == colour), spread_colour_columns of them:
// the colour's cell at column `column` of the colour's on row j, past the row's end on a row of
// odd width.
ivec2 colour_cell(int column, int j, uint colour) { return ivec2(2 * column + ((j + int(colour)) & 1), j); }

// Cell c (of the sweep's colour: its neighbours are of the other) relaxed; `prolonged`: the first
// sweep after the coarser level's correction, which it adds to the neighbours as it reads them
// (the other colour's cells are relaxed next from this one's alone, so theirs is never stored).
void relax(ivec2 l, uint o, ivec2 c, bool prolonged, uint co) {
  if (c.x >= l.x) return;
  float open;
  float sum = neighbour_sum(l, o, c, open, prolonged, co);
  int k = cell_index(l, c);
  if (open > 0.0) pressure[o + uint(k)] = (sum - LFX_LEVEL_LOAD(rhs, o + uint(k))) / open;
}
void relax(ivec2 l, uint o, ivec2 c) { relax(l, o, c, false, 0u); }

// Coarse cell cc of the level below l (at co): the residual's 2 x 2 sum (each computed here, not
// stored: a step and a buffer's stores and loads less), and a zero start; `relaxed`: the coarse
// level's first red sweep done too, which from a zero start gives a red cell (0 - rhs) / open
// (its neighbours' sum, as relax sums it, is 0), the black ones staying 0. The four residuals
// read the twelve cells around the 2 x 2 block once each (each residual summed in
// neighbour_sum's order, as pressure_multigrid.cpp's residual).
void restrict_at(ivec2 l, uint o, uint co, ivec2 cc, bool relaxed) {
  ivec2 block = 2 * cc;
  float p[4][4];  // the pressure at block + (x - 1, y - 1), the corners unread
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      if ((x == 1 || x == 2) || (y == 1 || y == 2)) {
        ivec2 q = clamp(block + ivec2(x - 1, y - 1), ivec2(0), l - 1);  // read only inside the level
        p[x][y] = LFX_LEVEL_LOAD(pressure, o + uint(cell_index(l, q)));
      }
  float sum = 0.0;
  for (int dj = 0; dj < 2; ++dj)
    for (int di = 0; di < 2; ++di) {
      ivec2 c = block + ivec2(di, dj);
      if (c.x >= l.x || c.y >= l.y) continue;
      float around = 0.0, open = 0.0;
      if (c.x > 0) around += p[di][dj + 1], open += 1.0;
      if (c.x + 1 < l.x) around += p[di + 2][dj + 1], open += 1.0;
      if (c.y > 0) around += p[di + 1][dj], open += 1.0;
      if (c.y + 1 < l.y) around += p[di + 1][dj + 2], open += 1.0;
      sum += LFX_LEVEL_LOAD(rhs, o + uint(cell_index(l, c))) - (around - open * p[di + 1][dj + 1]);
    }
  ivec2 coarse = (l + 1) / 2;
  int ck = cc.y * coarse.x + cc.x;
  rhs[co + uint(ck)] = sum;
  float open = float(int(cc.x > 0) + int(cc.x + 1 < coarse.x) + int(cc.y > 0) + int(cc.y + 1 < coarse.y));
  bool red = ((cc.x + cc.y) & 1) == 0;
  pressure[co + uint(ck)] = relaxed && red && open > 0.0 ? (0.0 - sum) / open : 0.0;
}
