// The composite's four lists of pixels (sort_pixels.comp writes them, the composite's variants read
// one each) in one buffer of two halves: near the surface from the start of the first half and
// air from its end, liquid below the waves from the start of the second half and dry from its
// end. A pixel is in one list at most, so each half holds a chunk of tiles' pixels whatever the
// split. An entry is the pixel's tile entry (tiles_ of the renderer) << 6 | row << 3 | column.

const uint kNearSurfaceList = 0u;
const uint kAirList = 1u;
const uint kDeepList = 2u;
const uint kDryList = 3u;

// Where entry i of `list` is, in a buffer of 2 * half_size entries.
uint list_slot(uint list, uint i, uint half_size) {
  uint base = (list / 2u) * half_size;
  return (list % 2u) == 0u ? base + i : base + half_size - 1u - i;
}

uint pixel_entry(uint tile_entry, uint row, uint column) { return (tile_entry << 6u) | (row << 3u) | column; }
