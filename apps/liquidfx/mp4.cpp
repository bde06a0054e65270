#include "mp4.h"

#include "subprocess.h"

namespace lfx::cli {

std::string ffmpeg_literal(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '%' ? std::string("%%") : std::string(1, c);
  return out;
}

Result<void> encode_mp4(const std::string& pattern, double fps, const std::string& mp4) {
  auto status =
      run_program({"ffmpeg", "-y", "-loglevel", "error", "-framerate", std::to_string(fps), "-i", pattern, "-vf",
                   "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", mp4});
  if (!status) return status.error();
  if (*status != 0) return input_error("ffmpeg failed (exit status " + std::to_string(*status) + ") to write " + mp4);
  return success();
}

}  // namespace lfx::cli
