// lfx::viewer::Viewer: `liquidfx view SCENE` - a window where a person plays with the effects:
// play, pause, single-step and time scale; an orbit camera with the scene's camera as home;
// a panel per effect from its knob tables; live numbers (frame time, each GPU pass, each
// effect's statistics); the mouse reaching the effects (drop a ripple, drag the liquid);
// the scene reloaded when its file changes (errors shown, the last good scene kept running);
// screenshots and MP4 recordings. A script replays timed events and saves the last frame.
#pragma once

#include <chrono>
#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "imgui_overlay.h"
#include "knob_panel.h"
#include "liquidfx/scene/player.h"
#include "liquidfx/window/window.h"
#include "orbit_camera.h"
#include "recent_files.h"
#include "viewer_script.h"

namespace lfx::viewer {

struct ViewerOptions {
  std::string scene_path;
  std::vector<std::string> settings;  ///< --set GROUP.knob=value, applied at every (re)load.
  std::string size;                   ///< "WxH" window size; empty: the scene's resolution.
  std::string script;                 ///< Timed events to replay (empty: none).
  int frames = 0;                     ///< > 0: run this many frames at the scene's fps, then exit.
  std::string screenshot;             ///< With frames: where the last frame (panels included) goes.
  bool vsync = true;
  bool validation = false;
};

/// Runs the viewer until its window closes (or the scripted frames are done); returns the
/// process exit code (0, 2 bad input, 3 GPU failure).
int run_viewer(const ViewerOptions& options);

/// A pointer or key event in window terms, from GLFW or from a script.
struct PointerEvent {
  scene::InputKind kind = scene::InputKind::press;
  scene::PointerButton button = scene::PointerButton::left;
  glm::vec2 at{0.0f};  ///< Frame position, (0, 0) top left, (1, 1) bottom right.
  float notches = 0.0f;
  unsigned modifiers = 0;
};

class Viewer {
 public:
  Viewer(window::Window& window, const ViewerOptions& options) : window_(window), options_(options) {}
  /// Loads (or reloads) the scene file; on failure the error is shown and the scene that was
  /// running (if any) keeps running.
  Result<void> load(const std::string& path);
  Result<void> start_overlay();
  /// One frame: events, panels, the step, the picture. `capture` reads the presented picture.
  Result<void> frame(ImageRgba8* capture = nullptr);

  void pointer(const PointerEvent& e);
  void key(const std::string& name);
  void dropped(const std::string& path) { pending_load_ = path; }
  /// Replays the script's events due by the scene time `now`.
  void replay_until(double now);
  void set_script(std::vector<ScriptEvent> events) { script_ = std::move(events); }
  const std::string& error() const { return error_; }
  double fps() const { return player_ ? player_->scene().fps : 60.0; }
  bool quit_requested() const { return quit_; }

 private:
  void draw_panels();
  void draw_controls();
  void draw_numbers();
  void camera_moved();
  void save(bool in_place);
  void toggle_recording();
  Result<void> finish_recording();
  void watch_file();
  // A scripted run: every frame advances exactly 1/fps, and the file is not watched.
  bool scripted() const { return !options_.script.empty() || options_.frames > 0; }

  window::Window& window_;
  ViewerOptions options_;
  std::unique_ptr<ImGuiOverlay> overlay_;
  std::unique_ptr<scene::ScenePlayer> player_;
  std::string path_;          // the file last asked for (watched: fixing it reloads it)
  std::string running_path_;  // the file the running scene came from (saving writes there)
  std::filesystem::file_time_type loaded_time_{};
  std::chrono::steady_clock::time_point last_watch_{}, last_frame_{};
  std::string error_;
  std::string notice_;  // the last screenshot or recording written
  std::optional<std::string> pending_load_;
  KnobPanel knobs_;
  RecentFiles recent_;
  OrbitCamera orbit_;
  bool orbiting_ = false;  // the camera has left the scene's track

  bool playing_ = true, step_ = false, quit_ = false;
  float time_scale_ = 1.0f;

  // The pointer: which gesture a held button drives.
  enum class Gesture { none, effect, orbit, pan };
  Gesture gesture_ = Gesture::none;
  glm::vec2 last_at_{0.0f};

  std::vector<ScriptEvent> script_;
  std::size_t next_event_ = 0;

  std::deque<float> frame_ms_;  // recent frame times
  bool screenshot_requested_ = false;
  std::string recording_dir_;  // frames being recorded (empty: not recording)
  int recorded_ = 0;
};

}  // namespace lfx::viewer
