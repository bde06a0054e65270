// What the bottle tests look into and switch on a BottleRenderer (not installed: not API).
#pragma once

#include <cstdint>
#include <vector>

#include "liquidfx/gpu/effects/bottle_renderer.h"

namespace lfx::gpu {

class BottleProbe {
 public:
  explicit BottleProbe(BottleRenderer& renderer) : r_(renderer) {}

  /// write, for every pixel the liquid covers, where the view ray enters the liquid
  /// (xyz world, w = 1) into an RGBA32F storage image of the frame's size, and where it meets a
  /// bubble into a second one (w = 1); both are cleared to 0 first (they need transfer-dst use).
  void set_debug_targets(Image* entry_points, Image* bubble_points);

  /// whether the composite's pixels are sorted by their work (the default) or every pixel
  /// of every container's rectangle runs the full composite.
  void set_pixel_sort(bool enabled) { r_.sort_pixels_enabled_ = enabled; }
  /// at most this many pixels of the containers' rectangles in one run of groups (each
  /// run's surfaces are drawn in one rendering); 0, the default: as many as the surfaces buffer
  /// holds.
  void set_surface_run_limit(std::size_t pixels) { r_.surface_run_limit_ = pixels; }
  /// how many runs of groups the last frame drew the surfaces in.
  std::size_t last_surface_runs() const { return r_.surface_runs_.size(); }
  /// rasterise every container's surfaces with the fixed-function rasteriser, not only
  /// those with large triangles or reaching near the eye.
  void set_hardware_surfaces_only(bool enabled) { r_.hardware_surfaces_only_ = enabled; }
  /// of the last frame's visible containers, how many had their surfaces rasterised in a
  /// compute pass.
  std::size_t last_compute_rasterised() const;
  /// what the last frame's surfaces pass left for container `draw` (its index in
  /// set_containers): its rectangle and, row by row, kBottleSurfaceLayers texels a pixel (outer
  /// front, outer back, inner front, inner back; surface_encoding.glsl's 64 bits, all ones where
  /// no surface). The frame must have drawn its surfaces in one run (waits for the device).
  struct ContainerSurfaces {
    VkRect2D rect{};
    std::vector<std::uint64_t> texels;
    std::vector<glm::vec2> outline;  // the container's on the screen (pixels), which cut its tiles
  };
  Result<ContainerSurfaces> last_surfaces(std::size_t draw) const;
  /// the pixels the last composite dispatch of the last frame ran on: with liquid near its
  /// surface or waterline, with glass and air only, with liquid below the waves only, with glass
  /// and air above the wet film only (waits for the device).
  struct CompositePixels {
    std::uint32_t liquid = 0;
    std::uint32_t air = 0;
    std::uint32_t deep = 0;
    std::uint32_t dry = 0;
  };
  Result<CompositePixels> last_composite_pixels() const;

 private:
  BottleRenderer& r_;
};

}  // namespace lfx::gpu
