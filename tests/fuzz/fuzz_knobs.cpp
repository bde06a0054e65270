// `--set` knob text -> value -> assigned into every knob table's struct. The input's first byte
// picks the table and knob, the rest is the text.
#include <cstddef>
#include <cstdint>
#include <string>

#include "liquidfx/core/bottle/bottle_knobs.h"
#include "liquidfx/core/ripples/ripples_knobs.h"
#include "liquidfx/gpu/render/room.h"

namespace {

template <class K>
void try_knob(std::uint8_t pick, const std::string& text) {
  K knobs;
  const auto table = K::knobs();
  const lfx::KnobSpec& spec = table[pick % table.size()];
  auto value = lfx::parse_knob_text(spec, text);
  if (!value) return;
  if (lfx::assign_knob(&knobs, spec, *value)) (void)lfx::format_knob(&knobs, spec);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try_knob<lfx::BottleKnobs>(data[0], text);
  try_knob<lfx::RipplesKnobs>(data[0], text);
  try_knob<lfx::gpu::RoomKnobs>(data[0], text);
  return 0;
}
