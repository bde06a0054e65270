#include "cli.h"

#include <unistd.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace lfx::cli {

namespace {
const gpu::Context* run_context = nullptr;  // make_gpu_context's, for fail()
}  // namespace

int fail(const Error& error) {
  std::fprintf(stderr, "liquidfx: error: %s\n", error.message.c_str());
  if (run_context && run_context->gpu_timed_out()) {
    std::fprintf(stderr, "liquidfx: the GPU may still be running that work: exiting without waiting for it\n");
    std::fflush(nullptr);
    std::_Exit(kExitGpuFailure);  // no destructors: they would free memory the GPU still uses
  }
  return error.kind == ErrorKind::gpu ? kExitGpuFailure : kExitBadInput;
}

void add_gpu_timeout_option(CLI::App& command, double& seconds) {
  command.add_option("--gpu-timeout", seconds, "Seconds to wait for the GPU's work before giving up (exit code 3)")
      ->check(number_in(0.001, 86400.0))
      ->default_val(120.0);
}

Result<std::unique_ptr<gpu::Context>> make_gpu_context(double timeout_seconds) {
  LFX_TRY_ASSIGN(std::unique_ptr<gpu::Context> ctx, gpu::Context::create());
  LFX_TRY(ctx->set_gpu_timeout(timeout_seconds));
  watch_gpu_context(*ctx);
  return ctx;
}

void watch_gpu_context(const gpu::Context& ctx) {
  run_context = &ctx;
}

Result<std::pair<std::uint32_t, std::uint32_t>> parse_size(const std::string& text) {
  const std::string expected = text + ": expected WIDTHxHEIGHT, each an integer in [1, 16384]";
  const std::size_t x = text.find('x');
  if (x == std::string::npos) return input_error(expected);
  auto integer = [](std::string_view s, std::uint32_t* out) {
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
    return !s.empty() && ec == std::errc() && end == s.data() + s.size() && *out >= 1 && *out <= 16384;
  };
  std::uint32_t w = 0, h = 0;
  if (!integer(std::string_view(text).substr(0, x), &w) || !integer(std::string_view(text).substr(x + 1), &h))
    return input_error(expected);
  return std::pair{w, h};
}

CLI::Validator size_validator() {
  return CLI::Validator(
      [](std::string& text) {
        auto size = parse_size(text);
        return size ? std::string() : size.error().message;
      },
      "WxH");
}

namespace {

std::string bound_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.10g", v);
  return text;
}

CLI::Validator range_check(double min, double max, bool integral) {
  const std::string expected = std::string(integral ? "expected an integer in [" : "expected a number in [") +
                               bound_text(min) + ", " + bound_text(max) + "]";
  return CLI::Validator(
      [=](std::string& text) {
        double v = 0.0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        const bool parsed = !text.empty() && ec == std::errc() && end == text.data() + text.size();
        if (!parsed || !std::isfinite(v) || v < min || v > max || (integral && v != std::floor(v)))
          return expected + ", got \"" + text + "\"";
        return std::string();
      },
      "[" + bound_text(min) + ", " + bound_text(max) + "]");
}

}  // namespace

CLI::Validator number_in(double min, double max) {
  return range_check(min, max, false);
}

CLI::Validator integer_in(long min, long max) {
  return range_check(double(min), double(max), true);
}

bool stderr_is_terminal() {
  return isatty(STDERR_FILENO) == 1;
}

int validation_exit_code(std::uint64_t validation_messages) {
  if (validation_messages == 0) return kExitOk;
  std::fprintf(stderr, "liquidfx: error: %llu Vulkan validation message(s), see above\n",
               static_cast<unsigned long long>(validation_messages));
  return kExitGpuFailure;
}

}  // namespace lfx::cli
