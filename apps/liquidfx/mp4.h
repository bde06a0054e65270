// Numbered PNG frames encoded into an MP4 by ffmpeg, run with an argument vector (no shell), for
// `render --mp4` and the viewer's recordings.
#pragma once

#include <string>

#include "liquidfx/core/result.h"

namespace lfx::cli {

/// `text` as a literal in an ffmpeg input pattern (ffmpeg reads % as a format: a literal one is %%).
std::string ffmpeg_literal(const std::string& text);

/// Encodes the frames `pattern` names (e.g. "out/scene_%04d.png", other % written %%) at `fps`
/// into `mp4` (H.264, sizes padded to even); an error says ffmpeg's exit status.
Result<void> encode_mp4(const std::string& pattern, double fps, const std::string& mp4);

}  // namespace lfx::cli
