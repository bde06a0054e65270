// The surface effect's knobs: a particle buffer drawn as one continuous liquid.
#pragma once

#include <glm/vec3.hpp>

#include "liquidfx/core/knobs.h"

namespace lfx {

enum class SurfaceSplat { compute, raster };
template <>
struct KnobEnumNames<SurfaceSplat> {
  static constexpr std::string_view kNames[] = {"compute", "raster"};
};

// The compute splat's way to the sums: binned into tiles (shared-memory atomics), scattered
// straight into the buffers (global atomics), or chosen by the device (auto: scatter on a CPU
// driver, where it measured faster, tiles on a GPU).
enum class SurfaceBinning { automatic, tiles, scatter };
template <>
struct KnobEnumNames<SurfaceBinning> {
  static constexpr std::string_view kNames[] = {"auto", "tiles", "scatter"};
};

enum class SurfaceStage { liquid, depth, thickness, normals };
template <>
struct KnobEnumNames<SurfaceStage> {
  static constexpr std::string_view kNames[] = {"liquid", "depth", "thickness", "normals"};
};

// clang-format off
#define LFX_SURFACE_KNOBS(X)                                                                                         \
  X(splat, SurfaceSplat, SurfaceSplat::compute, 0, 0, "", "compute (for GPUs with few raster units) or raster (a rectangle a particle); the same picture") \
  X(binning, SurfaceBinning, SurfaceBinning::automatic, 0, 0, "", "Compute splat: tiles (binned, shared-memory atomics), scatter (global atomics), or auto (scatter on CPU drivers, tiles on GPUs); the same picture") \
  X(resolution_scale, float, 0.5f, 0.25, 1.0, "", "Size of the surface's targets against the frame (filtering cost follows it)") \
  X(stretch, float, 0.01f, 0.0, 0.1, "s", "Splats lengthen along their velocity by the distance covered in this time (at most 4x): a jet reads as a stream, not beads") \
  X(filter_iterations, int, 3, 0, 8, "", "Narrow-range filter passes (each an x and a y pass): more fuse the particles further") \
  X(filter_radius, float, 3.0f, 0.5, 8.0, "", "Filter width, in particle radii (capped at max_filter_pixels)")        \
  X(max_filter_pixels, int, 24, 2, 64, "px", "Largest filter radius on screen, so close liquid costs no more than far") \
  X(depth_range, float, 1.5f, 0.1, 10.0, "", "Neighbours deeper or shallower than this many radii are clamped (crisp silhouettes)") \
  X(absorption, glm::vec3, (glm::vec3{12.0f, 5.0f, 3.0f}), 0.0, 1000.0, "1/m", "Beer-Lambert absorption per colour channel") \
  X(color, glm::vec3, (glm::vec3{0.1f, 0.3f, 0.45f}), 0.0, 1.0, "rgb", "The liquid's colour where the particles carry none")  \
  X(refraction, float, 0.03f, 0.0, 0.5, "", "How far the surface bends what is seen through it (screen fraction)")    \
  X(specular, float, 1.0f, 0.0, 10.0, "", "Strength of the sun's highlight")                                      \
  X(foam, float, 0.8f, 0.0, 1.0, "", "How white foam (from the records' foam weight) makes the liquid")          \
  X(show, SurfaceStage, SurfaceStage::liquid, 0, 0, "", "What is drawn: the liquid, or a stage of the chain (depth, thickness, normals)") \
  X(write_depth, bool, false, 0, 1, "", "Write the liquid's depth into the frame's depth, so later passes (a host's fog, particles, TAA) depth-test against it")
// clang-format on
LFX_KNOB_STRUCT(SurfaceKnobs, LFX_SURFACE_KNOBS);

}  // namespace lfx
