// lfx::gpu::BottleRenderer: draws liquid containers (what lfx::LiquidContainer computes) into a
// frame: the liquid body and its implied top surface, bubbles, the wet film and the glass, in
// a refractive style (the liquid bends and tints what is behind it) or an opaque two-colour one.
//
// For each container, back to front:
//   glass back faces -> liquid depth (front faces with normals, back faces; both clipped by the
//   surface equation and hidden behind opaque geometry) -> composite (a compute pass over the
//   container's screen rectangle: the liquid between where the view ray enters it, through a
//   wall or through the wavy top, and where it leaves; Beer-Lambert absorption over that path;
//   refraction of the scene colour copy; bubbles ray-traced between the two; meniscus and foam)
//   -> scene colour copy refreshed over the rectangle -> glass front faces (which therefore
//   refract the liquid). Nearer containers see farther ones in what they refract.
// Every container's data lives in one storage buffer; all containers share the pipelines.
#pragma once

#include <glm/vec4.hpp>
#include <map>
#include <memory>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/core/slosh/liquid_container.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/detail/pipeline.h"
#include "liquidfx/gpu/image.h"
#include "liquidfx/gpu/render/frame_passes.h"

namespace lfx::gpu {

/// How a container's glass looks.
struct GlassLook {
  glm::vec3 tint{0.9f, 0.96f, 0.94f};
  float opacity = 0.06f;
  float refraction = 0.015f;
  float film_opacity = 0.45f;
};

/// One container to draw this frame.
struct BottleDraw {
  const LiquidContainer* liquid = nullptr;
  GlassLook glass;
};

class BottleRenderer : public FramePasses {
 public:
  static Result<std::unique_ptr<BottleRenderer>> create(Context& ctx);
  ~BottleRenderer() override;

  /// The containers to draw next frame (their shapes' meshes are uploaded on first sight).
  /// Call it before prepare.
  Result<void> set_containers(std::vector<BottleDraw> draws);
  /// Also draws every liquid and glass mesh as plain opaque into a scratch target, timed as its
  /// own pass: the reference the liquid passes are measured against.
  void set_reference_pass(bool enabled) { reference_pass_ = enabled; }
  /// Tests: write, for every pixel the liquid covers, where the view ray enters the liquid
  /// (xyz world, w = 1) into an RGBA32F storage image of the frame's size, and where it meets a
  /// bubble into a second one (w = 1).
  void set_debug_targets(Image* entry_points, Image* bubble_points);

  Result<void> prepare(const FramePrepare& frame) override;
  void record_transparent(FrameContext& frame) override;

 private:
  // A container shape's meshes on the GPU, uploaded once and shared by its containers.
  struct ShapeMeshes {
    Buffer liquid;
    Buffer container;
    std::uint32_t liquid_vertices = 0;
    std::uint32_t container_vertices = 0;
    Bounds bounds;  // of the container, its own coordinates
  };
  explicit BottleRenderer(Context& ctx) : ctx_(ctx) {}
  Result<const ShapeMeshes*> meshes_for(const ContainerShape& shape);
  Result<void> ensure_targets(std::uint32_t width, std::uint32_t height);
  Result<void> ensure_buffers(std::size_t containers, std::size_t bubbles);
  void record_reference(FrameContext& frame, const std::vector<std::size_t>& order);

  Context& ctx_;
  Pipeline front_depth_, back_depth_, composite_, glass_, reference_;
  std::map<const ContainerShape*, std::unique_ptr<ShapeMeshes>> meshes_;
  std::vector<BottleDraw> draws_;
  Buffer containers_, bubbles_;
  Image front_depth_image_, front_normal_, back_depth_image_, reference_color_, reference_depth_, dummy_debug_;
  Image* debug_entry_ = nullptr;
  Image* debug_bubbles_ = nullptr;
  bool reference_pass_ = false;
};

}  // namespace lfx::gpu
