// Reading a whole input file (scene, mesh, motion CSV) with a size limit, so that a directory,
// a device such as /dev/zero or a runaway file gets a clear error instead of exhausting memory.
#pragma once

#include <cstddef>
#include <string>

#include "liquidfx/core/result.h"

namespace lfx {

/// The file's bytes. `what` names the kind of file in messages ("scene file"); a file larger
/// than `max_bytes` is an error that states the limit.
Result<std::string> read_text_file(const std::string& path, const std::string& what, std::size_t max_bytes);

/// "64 MiB", "1.5 GiB", "12 bytes".
std::string byte_size_text(std::size_t bytes);

}  // namespace lfx
