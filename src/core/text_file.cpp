#include "liquidfx/core/text_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace lfx {

std::string byte_size_text(std::size_t bytes) {
  char text[32];
  if (bytes >= (std::size_t(1) << 30)) {
    std::snprintf(text, sizeof text, "%.3g GiB", double(bytes) / double(1u << 30));
  } else if (bytes >= (std::size_t(1) << 20)) {
    std::snprintf(text, sizeof text, "%.3g MiB", double(bytes) / double(1u << 20));
  } else if (bytes >= 1024) {
    std::snprintf(text, sizeof text, "%.3g KiB", double(bytes) / 1024.0);
  } else {
    std::snprintf(text, sizeof text, "%zu bytes", bytes);
  }
  return text;
}

Result<std::string> read_text_file(const std::string& path, const std::string& what, std::size_t max_bytes) {
  if (path.empty()) return input_error("an empty path was given for the " + what);
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return input_error(path + ": is a directory, not a " + what);
  std::ifstream file(path, std::ios::binary);
  if (!file) return input_error(path + ": cannot open the " + what + ": " + std::strerror(errno));
  // Read in pieces up to one byte past the limit: works for pipes and devices, which have no size.
  std::string text;
  char buffer[1 << 16];
  while (file.read(buffer, sizeof buffer) || file.gcount() > 0) {
    text.append(buffer, std::size_t(file.gcount()));
    if (text.size() > max_bytes)
      return input_error(path + ": the " + what + " is larger than " + byte_size_text(max_bytes) +
                         ", the most liquidfx reads");
  }
  if (file.bad()) return input_error(path + ": cannot read the " + what);
  return text;
}

}  // namespace lfx
