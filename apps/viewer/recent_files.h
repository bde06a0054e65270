// The viewer's recent scenes: the last 8 opened, newest first, kept in
// $XDG_CONFIG_HOME/liquidfx/recent_scenes (~/.config/... without it), one absolute path a line.
#pragma once

#include <string>
#include <vector>

namespace lfx::viewer {

class RecentFiles {
 public:
  /// Reads the list (a missing or unreadable file is an empty list).
  RecentFiles();
  /// Puts `path` first (absolute; once) and writes the list back (a failure to write is ignored:
  /// the list is a convenience).
  void add(const std::string& path);
  const std::vector<std::string>& paths() const { return paths_; }

 private:
  std::string file_;
  std::vector<std::string> paths_;
};

}  // namespace lfx::viewer
