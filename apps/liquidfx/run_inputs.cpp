#include "run_inputs.h"

#include <nlohmann/json.hpp>
#include <system_error>

#include "liquidfx/core/text_file.h"

namespace lfx::cli {
namespace {

// Every string value in a JSON document, in objects and arrays at any depth.
void collect_strings(const nlohmann::json& value, std::vector<std::string>& out) {
  if (value.is_string()) {
    out.push_back(value.get<std::string>());
  } else if (value.is_structured()) {
    for (const nlohmann::json& item : value) collect_strings(item, out);
  }
}

}  // namespace

RunInputs RunInputs::of_scene(const scene::Scene& scene) {
  RunInputs inputs;
  inputs.add(scene.source);
  // Read again as plain JSON: the parsed scene keeps some blocks (the backdrop) only as values.
  auto text = read_text_file(scene.source, "scene", scene::kMaxSceneBytes);
  if (!text) return inputs;
  const nlohmann::json document = nlohmann::json::parse(*text, nullptr, false);
  std::vector<std::string> strings;
  collect_strings(document, strings);
  const std::filesystem::path folder = std::filesystem::path(scene.source).parent_path();
  for (const std::string& s : strings) {
    if (s.empty() || s.size() > 4096) continue;
    const std::filesystem::path path(s);
    inputs.add((path.is_absolute() ? path : folder / path).string());
  }
  return inputs;
}

void RunInputs::add(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec)) files_.emplace_back(path);
}

Result<void> RunInputs::check_output(const std::string& option, const std::string& output) const {
  std::error_code ec;
  for (const std::filesystem::path& input : files_)
    if (std::filesystem::equivalent(input, output, ec))
      return input_error(option + " " + output + ": is an input of this run (" + input.string() +
                         "); writing it would destroy it, choose another name");
  return success();
}

std::vector<std::string> RunInputs::names_in(const std::string& folder) const {
  std::vector<std::string> names;
  std::error_code ec;
  for (const std::filesystem::path& input : files_) {
    const std::filesystem::path parent = input.has_parent_path() ? input.parent_path() : ".";
    if (std::filesystem::equivalent(parent, folder, ec)) names.push_back(input.filename().string());
  }
  return names;
}

}  // namespace lfx::cli
