#include "cli.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace lfx::cli {
namespace {

std::optional<double> to_double(std::string_view text) {
  double v = 0.0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace

int fail(const Error& error) {
  std::fprintf(stderr, "liquidfx: error: %s\n", error.message.c_str());
  return error.kind == ErrorKind::gpu ? kExitGpuFailure : kExitBadInput;
}

bool Args::flag(std::string_view name) {
  auto it = std::find(args_.begin(), args_.end(), name);
  if (it == args_.end()) return false;
  args_.erase(it);
  return true;
}

Result<std::optional<std::string>> Args::value(std::string_view name) {
  auto it = std::find(args_.begin(), args_.end(), name);
  if (it == args_.end()) return std::optional<std::string>();
  if (it + 1 == args_.end()) return input_error(command_ + ": " + std::string(name) + " needs a value");
  std::string v = *(it + 1);
  args_.erase(it, it + 2);
  if (std::find(args_.begin(), args_.end(), name) != args_.end())
    return input_error(command_ + ": " + std::string(name) + " given twice");
  return std::optional<std::string>(v);
}

Result<std::vector<std::string>> Args::values(std::string_view name) {
  std::vector<std::string> out;
  for (auto it = std::find(args_.begin(), args_.end(), name); it != args_.end();
       it = std::find(args_.begin(), args_.end(), name)) {
    if (it + 1 == args_.end()) return input_error(command_ + ": " + std::string(name) + " needs a value");
    out.push_back(*(it + 1));
    args_.erase(it, it + 2);
  }
  return out;
}

Result<std::string> Args::positional(std::string_view what) {
  auto it = std::find_if(args_.begin(), args_.end(), [](const std::string& a) { return a.rfind("--", 0) != 0; });
  if (it == args_.end()) return input_error(command_ + ": missing " + std::string(what));
  std::string v = *it;
  args_.erase(it);
  return v;
}

Result<void> Args::finish() const {
  if (args_.empty()) return success();
  return input_error(command_ + ": unexpected argument \"" + args_.front() + "\" (see liquidfx " + command_ +
                     " --help)");
}

Result<std::optional<double>> Args::number(std::string_view name, double min, double max) {
  auto text = value(name);
  if (!text) return text.error();
  if (!*text) return std::optional<double>();
  auto v = to_double(**text);
  if (!v || *v < min || *v > max)
    return input_error(command_ + ": " + std::string(name) + " " + **text + ": expected a number in [" +
                       std::to_string(min) + ", " + std::to_string(max) + "]");
  return std::optional<double>(*v);
}

Result<std::optional<int>> Args::integer(std::string_view name, int min, int max) {
  auto text = value(name);
  if (!text) return text.error();
  if (!*text) return std::optional<int>();
  auto v = to_double(**text);
  if (!v || *v != std::floor(*v) || *v < min || *v > max)
    return input_error(command_ + ": " + std::string(name) + " " + **text + ": expected an integer in [" +
                       std::to_string(min) + ", " + std::to_string(max) + "]");
  return std::optional<int>(static_cast<int>(*v));
}

Result<std::optional<std::pair<std::uint32_t, std::uint32_t>>> Args::size(std::string_view name) {
  using Size = std::pair<std::uint32_t, std::uint32_t>;
  auto text = value(name);
  if (!text) return text.error();
  if (!*text) return std::optional<Size>();
  const std::string& t = **text;
  const std::size_t x = t.find('x');
  auto w = x == std::string::npos ? std::nullopt : to_double(std::string_view(t).substr(0, x));
  auto h = x == std::string::npos ? std::nullopt : to_double(std::string_view(t).substr(x + 1));
  auto valid = [](std::optional<double> v) { return v && *v >= 1 && *v <= 16384 && *v == std::floor(*v); };
  if (!valid(w) || !valid(h))
    return input_error(command_ + ": " + std::string(name) + " " + t + ": expected WIDTHxHEIGHT, each in [1, 16384]");
  return std::optional<Size>(Size{std::uint32_t(*w), std::uint32_t(*h)});
}

Result<std::optional<std::vector<double>>> Args::numbers(std::string_view name, std::size_t count) {
  auto text = value(name);
  if (!text) return text.error();
  if (!*text) return std::optional<std::vector<double>>();
  std::vector<double> out;
  std::string_view rest = **text;
  while (true) {
    const std::size_t comma = rest.find(',');
    auto v = to_double(rest.substr(0, comma));
    if (!v) break;
    out.push_back(*v);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (out.size() != count)
    return input_error(command_ + ": " + std::string(name) + " " + **text + ": expected " + std::to_string(count) +
                       " comma-separated numbers");
  return std::optional<std::vector<double>>(out);
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
