// lfx::gpu::BottleRenderer: draws liquid containers (what lfx::LiquidContainer computes) into a
// frame: glass with thickness, the liquid body and its implied wavy top, bubbles, the wet film,
// in a refractive style (the liquid bends and tints what is behind it) or an opaque two-colour
// one; and the containers' shadows and caustics on the room.
//
// Opaque stage (the containers are laid out here): the shadows darken the room where the
// containers stand between it and the sun, tinted and focused by what the light passed through
// (bottle/shadows.comp at half resolution, bottle/shadows_apply.comp), before the scene copy, so
// that the glass refracts the shadows too.
// Transparent stage: the containers are sorted back to front and split into groups whose screen
// outlines (the convex hull of their meshes, projected) stay apart (bottle_layout.h).
// Surfaces: every container's glass and liquid meshes, both faces, keeping per pixel of each
// container's own rectangle the nearest outer-glass and inner-wall (liquid mesh) faces, front
// and back, as normal and distance; a triangle an invocation in compute where the triangles are
// small on the screen (bottle/surfaces_raster.comp), otherwise one rendering, instanced
// (bottle/surfaces.frag); in runs of groups when they outgrow the buffer. Then for each group, in
// order:
//   scene copy refreshed where earlier groups drew (so a bottle seen through another shows it)
//   -> pixels sorted: those of the group's 8 x 8 tiles where the container shows, into lists by
//      the work they need (bottle/sort_pixels.comp)
//   -> composite: a compute dispatch per list, following each pixel's view ray through glass,
//      liquid and glass to the opaque scene (bottle/composite.comp and its variants).
// Every container's data lives in one storage buffer; all containers share the pipelines.
#pragma once

#include <functional>
#include <glm/vec4.hpp>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/core/slosh/liquid_container.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/effects/bottle_layout.h"
#include "liquidfx/gpu/image.h"
#include "liquidfx/gpu/pipeline.h"
#include "liquidfx/gpu/render/frame_passes.h"

namespace lfx::gpu {

/// How a container's glass looks.
struct GlassLook {
  glm::vec3 tint{0.9f, 0.96f, 0.94f};  ///< What one 4 mm wall lets through, per colour.
  float opacity = 0.06f;               ///< What one 4 mm wall stops at normal incidence.
  float refraction = 1.0f;             ///< Share of the physical bending (index 1.5).
  float film_opacity = 0.45f;
  float shadow = 1.0f;  ///< Strength of the shadow and caustic it casts (0: none).
};

/// One container to draw this frame.
struct BottleDraw {
  const LiquidContainer* liquid = nullptr;
  GlassLook glass;
};

class BottleRenderer : public FramePasses {
 public:
  /// Needs a device with 64-bit atomics in fragment shaders (Context::fragment_int64_atomics).
  static Result<std::unique_ptr<BottleRenderer>> create(Context& ctx);
  ~BottleRenderer() override;

  /// The containers to draw next frame (their shapes' meshes are uploaded on first sight and
  /// kept, with the shapes, as long as the renderer).
  /// Call it before prepare.
  Result<void> set_containers(std::vector<BottleDraw> draws);
  /// Also draws every liquid and glass mesh as plain opaque into a scratch target, timed as its
  /// own pass: the reference the liquid passes are measured against.
  void set_reference_pass(bool enabled) { reference_pass_ = enabled; }
  /// Writes each pixel's nearest liquid into the frame's depth after compositing (depth-tested:
  /// kept only where nearer than what is there), so later passes (a host's fog, particles, TAA)
  /// see the liquid. Off by default.
  void set_write_depth(bool enabled) { write_depth_ = enabled; }

  Result<void> prepare(const FramePrepare& frame) override;
  void record_opaque(FrameContext& frame) override;
  int transparent_layer() const override { return kGlassLayer; }
  void record_transparent(FrameContext& frame) override;

 private:
  friend class BottleProbe;  // the tests' hooks (detail/bottle_probe.h, not installed)

  // A container shape's meshes on the GPU, uploaded once and shared by its containers.
  struct ShapeMeshes {
    // Held so that the shape's address, the key of meshes_, is never another shape's.
    std::shared_ptr<const ContainerShape> shape;
    Buffer liquid;
    Buffer glass;
    std::uint32_t liquid_vertices = 0;
    std::uint32_t glass_vertices = 0;
    Bounds bounds;                // of the container, its own coordinates
    Bounds drawn_bounds;          // of the liquid and glass meshes
    std::vector<glm::vec3> hull;  // points whose convex hull holds both meshes (hull_points)
    float longest_edge = 0;       // of their triangles
    // Signed distance grids of the container and the liquid (same lattice, a pair per sample) in volume_data_.
    glm::vec4 volume_origin{0.0f};  // xyz first sample, w cell
    glm::uvec4 volume_size{0u};     // samples along x, y, z; w the first sample (pairs)
    float radius = 0.0f;            // of the container about its vertical axis
  };
  // This frame's containers in drawing order: by group, then by shape (one instanced draw per
  // run of a shape), back to front within; those outside the view last (they cast shadows only).
  struct Slot {
    std::size_t draw;  // index into draws_
    int group;
    VkRect2D rect;
    std::vector<glm::vec2> outline;  // convex, pixels (ScreenArea)
    std::uint32_t first_texel = 0;   // its surfaces' in surfaces_ (during its run of groups)
    // Whether its surfaces are rasterised in compute (surfaces_raster.comp): where its triangles
    // are at most kComputeRasterLongest pixels long and it lies between the near and far planes.
    bool compute_raster = false;
  };
  static constexpr float kComputeRasterLongest = 128.0f;
  // A shape's hull (hull_points): 8 slabs by 16 sides, within 2 % of a round container's outline.
  static constexpr int kHullSlabs = 8, kHullSides = 16;
  // Containers whose outlines come within this many pixels of each other are drawn in different
  // groups (their surfaces' pixels, inside the outlines, are apart by more).
  static constexpr float kGroupMargin = 2.0f;
  explicit BottleRenderer(Context& ctx) : ctx_(ctx) {}
  Result<const ShapeMeshes*> meshes_for(const std::shared_ptr<const ContainerShape>& shape);
  Result<void> ensure_targets(std::uint32_t width, std::uint32_t height);
  Result<void> ensure_buffers(std::size_t containers, std::size_t bubbles, std::size_t frame_tiles,
                              std::size_t surface_texels);
  std::vector<Slot> lay_out(const FrameContext& frame) const;
  // Splits the visible slots' groups into runs whose surfaces fit surfaces_ together (each run's
  // surfaces are drawn in one rendering before its first group's composite) and gives each slot
  // its place there.
  void plan_surface_runs();
  void upload_containers(FrameContext& frame, std::span<const Slot> slots);
  void record_surfaces(FrameContext& frame, const GroupRun& run);
  void record_composite(FrameContext& frame, std::span<const Slot> group, std::uint32_t first_slot);
  // Sorts the pixels of the first `count` entries of tiles_ into covered_pixels_ (its lists, those
  // without work dropped) and counts them in composite_dispatch_.
  void record_pixel_sort(FrameContext& frame, std::size_t count);
  // Of covered_pixels_, the bytes bound: the buffer grows with headroom past what one storage
  // buffer range may hold (lavapipe: 128 MiB); a whole number of entries in each half.
  VkDeviceSize pixel_list_bytes() const;
  void record_reference(FrameContext& frame, std::span<const Slot> slots, const char* pass_name);
  std::span<const Slot> visible_slots() const;  // this frame's slots but those outside the view
  void clear_debug_targets(VkCommandBuffer cmd);
  void record_shadows(FrameContext& frame);
  // Calls fn(begin, end, meshes) for each run of consecutive slots with one shape and one way
  // of rasterising their surfaces.
  void for_each_shape_run(std::span<const Slot> slots,
                          const std::function<void(std::size_t, std::size_t, const ShapeMeshes&)>& fn) const;
  // Draws each run of one shape in `slots` (which start at containers-buffer index `first`)
  // as one instanced draw of the glass or the liquid mesh; those rasterised in compute too
  // unless `skip_compute_rasterised`.
  void draw_instanced(VkCommandBuffer cmd, std::span<const Slot> slots, std::uint32_t first, bool glass,
                      bool skip_compute_rasterised) const;

  Result<void> ensure_liquid_depth(std::uint32_t width, std::uint32_t height);
  void record_depth_out(FrameContext& frame);

  Context& ctx_;
  // The composite's lists of pixels (sort_pixels.comp): near the liquid's surface or waterline,
  // glass and air only, liquid below the waves, glass and air above the wet film; each runs its
  // own variant of the composite.
  static constexpr std::size_t kCompositeLists = 4;
  Pipeline surfaces_pipeline_, surfaces_raster_, sort_pixels_, shadows_, shadows_apply_, reference_;
  EnvironmentComputePipeline composites_[kCompositeLists];
  std::map<const ContainerShape*, std::unique_ptr<ShapeMeshes>> meshes_;
  std::vector<BottleDraw> draws_;
  std::vector<Slot> slots_;             // this frame's, from lay_out
  std::vector<GroupRun> surface_runs_;  // this frame's, of slots_
  // Every surface texel is 64 bits (surface_encoding.glsl), kBottleSurfaceLayers a pixel.
  static constexpr std::size_t kSurfaceTexelBytes = 8;
  Buffer surfaces_;
  std::size_t surface_demand_ = 0;  // texels the last frame's runs drew
  std::size_t surface_run_limit_ = 0;
  bool hardware_surfaces_only_ = false;
  Buffer containers_, draw_data_, bubbles_, tiles_, composite_dispatch_, shadow_tiles_, shade_tiles_, casters_,
      volumes_;
  std::size_t caster_demand_ = 0;   // casters the last frame listed
  std::vector<float> volume_data_;  // every shape's distance grids (pairs), uploaded when they grow
  bool volumes_changed_ = false;
  Buffer covered_pixels_;  // the composite's lists (composite_lists.glsl)
  Image shade_, reference_color_, reference_depth_, dummy_debug_;
  // Each pixel's nearest liquid depth (float bits, R32UI; 1x1 while write_depth_ is off) and the
  // pass that writes it into the frame's depth.
  Image liquid_depth_;
  FrameGraphicsPipeline depth_out_;
  bool write_depth_ = false;
  bool shade_cleared_ = false;               // to 1, once after it is made
  std::vector<std::uint32_t> shaded_tiles_;  // the shade's tiles the shadow pass last wrote, ascending
  Image* debug_entry_ = nullptr;
  Image* debug_bubbles_ = nullptr;
  bool reference_pass_ = false;
  bool sort_pixels_enabled_ = true;
};

}  // namespace lfx::gpu
