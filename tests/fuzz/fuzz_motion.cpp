// Motion CSV -> samples.
#include <cstddef>
#include <cstdint>
#include <string>

#include "liquidfx/core/slosh/motion.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  (void)lfx::parse_motion_csv(text, "fuzz.csv");
  return 0;
}
