#include "viewer.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "cli.h"
#include "liquidfx/core/log.h"
#include "liquidfx/scene/scene.h"
#include "mp4.h"
#include "subprocess.h"

namespace lfx::viewer {
namespace {

constexpr double kWatchSeconds = 0.5;  // how often the scene file's time is looked at
constexpr double kLongestStep = 0.1;   // a hitch (a reload, a dragged window) advances at most this

Viewer* viewer_of(GLFWwindow* w) {
  return static_cast<Viewer*>(glfwGetWindowUserPointer(w));
}

glm::vec2 cursor_at(GLFWwindow* w) {
  double x = 0.0, y = 0.0;
  int width = 1, height = 1;
  glfwGetCursorPos(w, &x, &y);
  glfwGetWindowSize(w, &width, &height);
  return {float(x) / float(std::max(width, 1)), float(y) / float(std::max(height, 1))};
}

unsigned modifiers_of(int mods) {
  return (mods & GLFW_MOD_SHIFT ? scene::kShift : 0u) | (mods & GLFW_MOD_CONTROL ? scene::kControl : 0u) |
         (mods & GLFW_MOD_ALT ? scene::kAlt : 0u);
}

void on_mouse_button(GLFWwindow* w, int button, int action, int mods) {
  if (ImGui::GetIO().WantCaptureMouse && action == GLFW_PRESS) return;  // a panel's
  PointerEvent e;
  e.kind = action == GLFW_PRESS ? scene::InputKind::press : scene::InputKind::release;
  e.button = button == GLFW_MOUSE_BUTTON_RIGHT    ? scene::PointerButton::right
             : button == GLFW_MOUSE_BUTTON_MIDDLE ? scene::PointerButton::middle
                                                  : scene::PointerButton::left;
  e.at = cursor_at(w);
  e.modifiers = modifiers_of(mods);
  viewer_of(w)->pointer(e);
}

void on_cursor(GLFWwindow* w, double, double) {
  PointerEvent e;
  e.kind = scene::InputKind::drag;
  e.at = cursor_at(w);
  viewer_of(w)->pointer(e);
}

void on_scroll(GLFWwindow* w, double, double y) {
  if (ImGui::GetIO().WantCaptureMouse) return;
  PointerEvent e;
  e.kind = scene::InputKind::wheel;
  e.at = cursor_at(w);
  e.notches = float(y);
  viewer_of(w)->pointer(e);
}

void on_key(GLFWwindow* w, int key, int, int action, int) {
  if (action != GLFW_PRESS || ImGui::GetIO().WantCaptureKeyboard) return;
  const char* name = key == GLFW_KEY_SPACE    ? "space"
                     : key == GLFW_KEY_PERIOD ? "period"
                     : key == GLFW_KEY_H      ? "h"
                     : key == GLFW_KEY_R      ? "r"
                     : key == GLFW_KEY_F12    ? "f12"
                     : key == GLFW_KEY_F9     ? "f9"
                     : key == GLFW_KEY_S      ? "s"
                     : key == GLFW_KEY_ESCAPE ? "escape"
                                              : nullptr;
  if (name) viewer_of(w)->key(name);
}

void on_drop(GLFWwindow* w, int count, const char** paths) {
  if (count > 0) viewer_of(w)->dropped(paths[0]);
}

}  // namespace

Result<void> Viewer::load(const std::string& path) {
  auto made = [&]() -> Result<std::unique_ptr<scene::ScenePlayer>> {
    LFX_TRY_ASSIGN(scene::Scene scene, scene::load_scene(path));
    for (const std::string& setting : options_.settings) LFX_TRY(scene::apply_setting(scene, setting));
    const VkExtent2D size = window_.framebuffer_extent();
    const std::uint32_t width = size.width ? size.width : scene.width,
                        height = size.height ? size.height : scene.height;
    if (player_) vkDeviceWaitIdle(window_.context().device());  // the old scene's frames finish first
    return scene::ScenePlayer::create(window_.context(), scene, width, height);
  }();
  std::error_code ignored;
  loaded_time_ = std::filesystem::last_write_time(path, ignored);
  path_ = path;
  if (!made) {
    error_ = made.error().message;
    return made.error();
  }
  error_.clear();
  running_path_ = path;
  recent_.add(path);
  player_ = std::move(made.value());
  knobs_.remember(*player_);
  orbiting_ = false;
  orbit_.reset(player_->camera());
  glfwSetWindowTitle(window_.handle(), ("liquidfx view - " + path).c_str());
  return success();
}

Result<void> Viewer::start_overlay() {
  GLFWwindow* w = window_.handle();
  glfwSetWindowUserPointer(w, this);
  // Installed before ImGui's, which call them after taking what they need.
  glfwSetMouseButtonCallback(w, on_mouse_button);
  glfwSetCursorPosCallback(w, on_cursor);
  glfwSetScrollCallback(w, on_scroll);
  glfwSetKeyCallback(w, on_key);
  glfwSetDropCallback(w, on_drop);
  LFX_TRY_ASSIGN(overlay_, ImGuiOverlay::create(window_));
  return success();
}

void Viewer::camera_moved() {
  orbiting_ = true;
  player_->set_camera(orbit_.camera());
}

void Viewer::pointer(const PointerEvent& e) {
  if (!player_) return;
  const VkExtent2D size = window_.framebuffer_extent();
  const glm::vec2 delta = (e.at - last_at_) * glm::vec2(size.width, size.height);
  last_at_ = e.at;
  scene::InputEvent in;
  in.kind = e.kind;
  in.button = e.button;
  in.position = e.at;
  in.wheel = e.notches;
  in.modifiers = e.modifiers;
  in.held = gesture_ != Gesture::none;
  switch (e.kind) {
    case scene::InputKind::press:
      // The effects first (drop a ripple, drag the liquid); else the camera: left or middle
      // orbits, right or shift pans.
      if (gesture_ != Gesture::none) return;
      if (player_->input(in)) {
        gesture_ = Gesture::effect;
      } else {
        const bool pan = e.button == scene::PointerButton::right || (e.modifiers & scene::kShift);
        gesture_ = pan ? Gesture::pan : Gesture::orbit;
        if (!orbiting_) orbit_.reset(player_->camera());
      }
      return;
    case scene::InputKind::drag:
      if (gesture_ == Gesture::orbit) {
        orbit_.orbit(delta);
        camera_moved();
      } else if (gesture_ == Gesture::pan) {
        orbit_.pan(delta, float(size.height));
        camera_moved();
      } else {
        player_->input(in);  // held or hovering: the effect that took the press follows it
      }
      return;
    case scene::InputKind::release:
      if (gesture_ == Gesture::effect) player_->input(in);
      gesture_ = Gesture::none;
      return;
    case scene::InputKind::wheel:
      if (player_->input(in)) return;
      if (!orbiting_) orbit_.reset(player_->camera());
      orbit_.zoom(e.notches);
      camera_moved();
      return;
  }
}

void Viewer::key(const std::string& name) {
  if (name == "space") {
    playing_ = !playing_;
  } else if (name == "period") {
    step_ = true;
    playing_ = false;
  } else if (name == "h" && player_) {
    orbiting_ = false;
    player_->set_camera(std::nullopt);
  } else if (name == "r") {
    pending_load_ = path_;
  } else if (name == "s") {
    save(false);
  } else if (name == "f12") {
    screenshot_requested_ = true;
  } else if (name == "f9") {
    toggle_recording();
  } else if (name == "escape") {
    quit_ = true;
  }
}

void Viewer::save(bool in_place) {
  if (!player_) return;
  const std::string out = in_place ? running_path_ : saved_copy_path(running_path_);
  const auto changed = knobs_.changed(*player_);
  if (auto r = save_knobs(player_->scene(), running_path_, out, changed); !r) {
    error_ = r.error().message;
    return;
  }
  notice_ = "saved " + std::to_string(changed.size()) + " changed knobs to " + out;
  if (in_place) {
    // The file is what runs now: no reload, and resets go back to these values.
    std::error_code ignored;
    if (running_path_ == path_) loaded_time_ = std::filesystem::last_write_time(path_, ignored);
    knobs_.remember(*player_);
  }
}

void Viewer::replay_until(double now) {
  for (; next_event_ < script_.size() && script_[next_event_].time <= now + 1e-9; ++next_event_) {
    const ScriptEvent& s = script_[next_event_];
    switch (s.kind) {
      case ScriptKind::key:
        key(s.key);
        break;
      case ScriptKind::set:
        if (player_)
          if (auto r = player_->set_knob(s.setting); !r) error_ = r.error().message;
        break;
      case ScriptKind::drop:
        dropped(s.path);
        break;
      default: {
        PointerEvent e;
        e.kind = s.kind == ScriptKind::press     ? scene::InputKind::press
                 : s.kind == ScriptKind::release ? scene::InputKind::release
                 : s.kind == ScriptKind::wheel   ? scene::InputKind::wheel
                                                 : scene::InputKind::drag;
        e.button = s.button;
        e.at = s.at;
        e.notches = s.notches;
        if (e.kind == scene::InputKind::press) last_at_ = e.at;
        pointer(e);
      }
    }
  }
}

void Viewer::watch_file() {
  const auto now = std::chrono::steady_clock::now();
  if (std::chrono::duration<double>(now - last_watch_).count() < kWatchSeconds) return;
  last_watch_ = now;
  std::error_code failed;
  const auto time = std::filesystem::last_write_time(path_, failed);
  if (!failed && time != loaded_time_) pending_load_ = path_;
}

Result<void> Viewer::frame(ImageRgba8* capture) {
  if (pending_load_) {
    const std::string path = *pending_load_;
    pending_load_.reset();
    (void)load(path);  // a failure is shown; the last good scene keeps running
  }
  if (!scripted() && !path_.empty()) watch_file();

  const auto now = std::chrono::steady_clock::now();
  const double elapsed =
      last_frame_.time_since_epoch().count() ? std::chrono::duration<double>(now - last_frame_).count() : 1.0 / fps();
  last_frame_ = now;
  frame_ms_.push_back(float(elapsed * 1000.0));
  if (frame_ms_.size() > 240) frame_ms_.pop_front();

  overlay_->new_frame();
  draw_panels();
  const VkExtent2D size = window_.framebuffer_extent();
  if (!player_ || size.width == 0 || size.height == 0) {
    ImGui::EndFrame();
    if (size.width == 0) glfwWaitEventsTimeout(0.1);  // minimised: nothing to draw
    return success();
  }
  if (playing_ || step_) {
    const double dt = scripted() || step_ ? 1.0 / fps() : std::min(elapsed, kLongestStep);
    LFX_TRY(player_->advance(dt * (step_ ? 1.0 : double(time_scale_))));
    step_ = false;
  }
  gpu::FrameRenderer& renderer = player_->renderer();
  if (size.width != renderer.targets().width() || size.height != renderer.targets().height())
    LFX_TRY(renderer.resize(size.width, size.height));
  // After a long advance (a scripted jump, a hitch) the steps before the frame's last batch go
  // in submissions of their own.
  Result<void> prepared = player_->prepare();
  if (prepared) prepared = player_->submit_step_batches();
  if (!prepared) {
    ImGui::EndFrame();
    error_ = prepared.error().message;
    return prepared.error().kind == ErrorKind::input ? success() : prepared;
  }
  // One read-back serves the caller's capture, a screenshot and the recording alike.
  ImageRgba8 own;
  const bool want_shot = screenshot_requested_ || !recording_dir_.empty();
  ImageRgba8* read_back = capture ? capture : want_shot ? &own : nullptr;
  LFX_TRY_ASSIGN(const bool shown,
                 window_.swapchain().present(
                     size, renderer.targets().output, [&](VkCommandBuffer cmd) { player_->record(cmd); },
                     [&](VkCommandBuffer cmd, const window::SwapchainTarget& target) { overlay_->record(cmd, target); },
                     read_back));
  if (!shown) {
    ImGui::EndFrame();
    return success();
  }
  if (read_back) {
    const ImageRgba8& shot = *read_back;
    if (screenshot_requested_) {
      screenshot_requested_ = false;
      const std::string name = "liquidfx_screenshot_" + std::to_string(std::time(nullptr)) + ".png";
      if (auto r = write_png(name, shot); r)
        notice_ = "saved " + name;
      else
        error_ = r.error().message;
    }
    if (!recording_dir_.empty()) {
      char name[32];
      std::snprintf(name, sizeof name, "/frame_%06d.png", recorded_++);
      if (auto r = write_png(recording_dir_ + name, shot); !r) error_ = r.error().message;
    }
  }
  return success();
}

void Viewer::toggle_recording() {
  if (!recording_dir_.empty()) {
    if (auto r = finish_recording(); !r) error_ = r.error().message;
    return;
  }
  if (!cli::program_on_path("ffmpeg")) {
    error_ = "recording needs ffmpeg (apt install ffmpeg)";
    return;
  }
  std::error_code failed;
  const auto dir =
      std::filesystem::temp_directory_path(failed) / ("liquidfx_recording_" + std::to_string(std::time(nullptr)));
  std::filesystem::create_directories(dir, failed);
  if (failed) {
    error_ = "cannot make a folder for the recording's frames: " + failed.message();
    return;
  }
  recording_dir_ = dir.string();
  recorded_ = 0;
  notice_ = "recording (F9 stops)";
}

Result<void> Viewer::finish_recording() {
  const std::string dir = recording_dir_, mp4 = "liquidfx_recording_" + std::to_string(std::time(nullptr)) + ".mp4";
  recording_dir_.clear();
  auto encoded = cli::encode_mp4(cli::ffmpeg_literal(dir) + "/frame_%06d.png", fps(), mp4);
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
  LFX_TRY(encoded);
  notice_ = "saved " + mp4 + " (" + std::to_string(recorded_) + " frames)";
  return success();
}

int run_viewer(const ViewerOptions& options) {
  auto scene = scene::load_scene(options.scene_path);
  if (!scene) return cli::fail(scene.error());
  std::uint32_t width = scene->width, height = scene->height;
  if (!options.size.empty()) {
    auto size = cli::parse_size(options.size);
    if (!size) return cli::fail(size.error());
    std::tie(width, height) = *size;
  }
  std::vector<ScriptEvent> script;
  if (!options.script.empty()) {
    auto read = read_viewer_script(options.script);
    if (!read) return cli::fail(read.error());
    script = std::move(*read);
  }
  gpu::ContextOptions context;
  context.validation = context.validation || options.validation;  // on in debug builds or by LIQUIDFX_VALIDATION too
  auto window = window::Window::open("liquidfx view", int(width), int(height), context);
  if (!window) return cli::fail(window.error());
  (*window)->swapchain().set_vsync(options.vsync);
  cli::watch_gpu_context((*window)->context());  // a GPU timeout ends the run at once (cli::fail)
  Viewer viewer(**window, options);
  if (auto r = viewer.load(options.scene_path); !r) return cli::fail(r.error());
  if (auto r = viewer.start_overlay(); !r) return cli::fail(r.error());
  if (options.frames > 0) {
    // The last frame replays what is due at its start: anything later never happens.
    const double last_frame = double(options.frames - 1) / viewer.fps();
    for (const ScriptEvent& e : script)
      if (e.time > last_frame + 1e-9) {
        char when[160];
        std::snprintf(when, sizeof(when), ": at %g s, after the last of the %d frames (%g s): it is never replayed",
                      e.time, options.frames, last_frame);
        log_warning(e.where + when);
      }
  }
  viewer.set_script(std::move(script));
  int frame = 0;
  double scene_time = 0.0;
  while (!(*window)->should_close() && !viewer.quit_requested()) {
    (*window)->poll_events();
    viewer.replay_until(scene_time);
    const bool last = options.frames > 0 && frame + 1 >= options.frames;
    ImageRgba8 shot;
    if (auto r = viewer.frame(last && !options.screenshot.empty() ? &shot : nullptr); !r) return cli::fail(r.error());
    scene_time += 1.0 / viewer.fps();
    ++frame;
    if (last) {
      if (!options.screenshot.empty())
        if (auto r = write_png(options.screenshot, shot); !r) return cli::fail(r.error());
      break;
    }
  }
  const std::uint64_t messages = (*window)->context().validation_messages();
  if (!viewer.error().empty() && options.frames > 0) {
    std::fprintf(stderr, "liquidfx: error: %s\n", viewer.error().c_str());
    return cli::kExitBadInput;
  }
  return cli::validation_exit_code(messages);
}

}  // namespace lfx::viewer
