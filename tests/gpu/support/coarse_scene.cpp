#include "support/coarse_scene.h"

#include "liquidfx/core/text_file.h"

namespace lfx::test {

const std::vector<TextEdit>& coarse_pour_edits() {
  static const std::vector<TextEdit> edits = {{"\"spacing\": 0.0025", "\"spacing\": 0.005"},
                                              {"\"count\": 12000", "\"count\": 1500"}};
  return edits;
}

Result<scene::Scene> load_edited_scene(const std::string& name, const std::vector<TextEdit>& edits) {
  const std::string path = std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/" + name + ".json";
  auto text = read_text_file(path, "scene", std::size_t(1) << 20);
  if (!text) return text.error();
  for (const auto& [from, to] : edits) {
    const std::size_t at = text->find(from);
    if (at == std::string::npos) return input_error(path + ": no \"" + from + "\" to replace");
    text->replace(at, from.size(), to);
  }
  return scene::parse_scene(*text, path);
}

}  // namespace lfx::test
