#include "recent_files.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace lfx::viewer {
namespace {

constexpr std::size_t kMostRecent = 8;

std::string list_file() {
  const char* config = std::getenv("XDG_CONFIG_HOME");
  const char* home = std::getenv("HOME");
  std::filesystem::path dir;
  if (config && *config)
    dir = config;
  else if (home && *home)
    dir = std::filesystem::path(home) / ".config";
  else
    return "";
  return (dir / "liquidfx" / "recent_scenes").string();
}

}  // namespace

RecentFiles::RecentFiles() : file_(list_file()) {
  std::ifstream in(file_);
  for (std::string line; std::getline(in, line) && paths_.size() < kMostRecent;)
    if (!line.empty()) paths_.push_back(line);
}

void RecentFiles::add(const std::string& path) {
  std::error_code failed;
  const std::string absolute = std::filesystem::absolute(path, failed).lexically_normal().string();
  paths_.erase(std::remove(paths_.begin(), paths_.end(), absolute), paths_.end());
  paths_.insert(paths_.begin(), absolute);
  if (paths_.size() > kMostRecent) paths_.resize(kMostRecent);
  if (file_.empty()) return;
  std::filesystem::create_directories(std::filesystem::path(file_).parent_path(), failed);
  std::ofstream out(file_);
  for (const std::string& p : paths_) out << p << "\n";
}

}  // namespace lfx::viewer
