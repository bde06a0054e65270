#include "liquidfx/gpu/effects/bottle_renderer.h"

#include <algorithm>
#include <cstring>
#include <glm/common.hpp>
#include <limits>
#include <numeric>
#include <string>

#include "liquidfx/core/container/inside_grid.h"
#include "liquidfx/core/detail/shaded_mesh.h"
#include "liquidfx/gpu/barriers.h"
#include "liquidfx/gpu/detail/bottle_probe.h"
#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/detail/rendering.h"
#include "liquidfx/gpu/transfer.h"
#include "liquidfx/shared/bottle.h"
#include "liquidfx/shared/workgroup_order.h"

namespace lfx::gpu {

namespace {

// Shadows are cast down to the room's floor, and no farther than this from a container.
constexpr float kFloorHeight = 0.0f;
constexpr float kLongestShadow = 3.0f;
constexpr int kGridResolution = 24;  // distance samples along a shape's longest side
// shadows.comp marches a step a cell, at most kBottleShadowMaxSteps: the grids' diagonal (their
// longest side has kGridResolution + 4 cells with the margins, add_distance_grids) must fit.
static_assert(1.7321f * float(kGridResolution + 4) + 1.0f <= float(shared::kBottleShadowMaxSteps));
// The group of containers outside the view: not drawn, but their shadows may fall into it.
constexpr int kOffScreen = std::numeric_limits<int>::max();
// sort_pixels.comp's indirect dispatches are uvec4s.
constexpr VkDeviceSize kDispatchStride = 4 * sizeof(std::uint32_t);
// The most workgroups a side of a dispatch that every device takes (maxComputeWorkGroupCount).
constexpr std::uint32_t kMaxWorkgroups = 65535;

struct DistanceGrids {
  glm::vec4 volume_origin;  // xyz first sample, w cell
  glm::uvec4 volume_size;   // samples along x, y, z; w the first sample's index (pairs of floats)
  float radius;             // of the container about its vertical axis
};

// The shape's container and liquid as signed distance grids on one lattice over the container's
// box (with a margin for the penumbra), appended to `volumes` as a (container, liquid) pair per
// sample, so that one trilinear lookup reads both.
DistanceGrids add_distance_grids(const ContainerShape& shape, std::vector<float>& volumes) {
  DistanceGrids out;
  const Bounds b = bounds_of(shape.container);
  const float cell = std::max({b.size().x, b.size().y, b.size().z}) / float(kGridResolution);
  const glm::vec3 origin = b.min - glm::vec3(2.0f * cell);
  const glm::uvec3 size = glm::uvec3(glm::ceil(b.size() / cell)) + 5u;
  out.volume_origin = glm::vec4(origin, cell);
  out.volume_size = glm::uvec4(size, std::uint32_t(volumes.size() / 2));
  const InsideGrid container = InsideGrid::build(shape.container, kGridResolution);
  for (std::uint32_t z = 0; z < size.z; ++z)
    for (std::uint32_t y = 0; y < size.y; ++y)
      for (std::uint32_t x = 0; x < size.x; ++x) {
        const glm::vec3 p = origin + glm::vec3(x, y, z) * cell;
        volumes.push_back(container.distance(p));
        volumes.push_back(shape.inside.distance(p));
      }
  const glm::vec2 axis((b.min.x + b.max.x) * 0.5f, (b.min.z + b.max.z) * 0.5f);
  out.radius = 0.0f;
  for (const glm::vec3& v : shape.container.positions)
    out.radius = std::max(out.radius, glm::length(glm::vec2(v.x, v.z) - axis));
  return out;
}

VertexBinding shaded_vertex_binding() {
  return {sizeof(ShadedVertex),
          VK_VERTEX_INPUT_RATE_VERTEX,
          {{0, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(ShadedVertex, position)},
           {1, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(ShadedVertex, normal)}}};
}

void clear_color_image(VkCommandBuffer cmd, Image& image, const VkClearColorValue& value) {
  const VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  image.use(cmd, access::kTransferDst);
  vkCmdClearColorImage(cmd, image.handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &value, 1, &range);
}

// Beer-Lambert absorption (1/m) of glass whose 4 mm wall lets `tint` through, less `opacity`.
glm::vec3 glass_absorption(const GlassLook& look) {
  const glm::vec3 passed = glm::max(look.tint * (1.0f - look.opacity), glm::vec3(1e-4f));
  return -glm::log(passed) / shared::kBottleReferenceWall;
}

float longest_edge(std::span<const ShadedVertex> triangles) {
  float longest = 0.0f;
  for (std::size_t t = 0; t + 2 < triangles.size(); t += 3)
    for (int k = 0; k < 3; ++k)
      longest = std::max(longest, glm::distance(triangles[t + k].position, triangles[t + (k + 1) % 3].position));
  return longest;
}

void draw_vertices(VkCommandBuffer cmd, const Buffer& buffer, std::uint32_t count, std::uint32_t first_instance,
                   std::uint32_t instances) {
  const VkBuffer handle = buffer.handle();
  const VkDeviceSize offset = 0;
  vkCmdBindVertexBuffers(cmd, 0, 1, &handle, &offset);
  vkCmdDraw(cmd, count, instances, 0, first_instance);
}

}  // namespace

BottleRenderer::~BottleRenderer() = default;

Result<std::unique_ptr<BottleRenderer>> BottleRenderer::create(Context& ctx) {
  if (!ctx.fragment_int64_atomics())
    return gpu_error(ctx.device_name() +
                     ": the bottle effect needs 64-bit atomics in fragment shaders (shaderInt64, "
                     "shaderBufferInt64Atomics and fragmentStoresAndAtomics), which this device does not enable");
  std::unique_ptr<BottleRenderer> r(new BottleRenderer(ctx));
  // The surfaces: both faces of both meshes, no attachments; the fragments keep the nearest of
  // each layer in the surfaces buffer (surfaces.frag).
  GraphicsPipelineDesc surfaces;
  surfaces.name = "bottle surfaces";
  surfaces.vertex_shader = "bottle/mesh.vert";
  surfaces.fragment_shader = "bottle/surfaces.frag";
  surfaces.vertex_bindings = {shaded_vertex_binding()};
  surfaces.push_constant_bytes = sizeof(shared::BottleSurfacesPush);
  surfaces.cull = VK_CULL_MODE_NONE;
  surfaces.depth_test = false;
  surfaces.depth_write = false;
  LFX_TRY_ASSIGN(r->surfaces_pipeline_, Pipeline::graphics(ctx, surfaces));

  GraphicsPipelineDesc reference;
  reference.name = "bottle reference";
  reference.vertex_shader = "bottle/mesh.vert";
  reference.fragment_shader = "bottle/reference.frag";
  reference.vertex_bindings = {shaded_vertex_binding()};
  reference.color_formats = {kHdrFormat};
  reference.depth_format = kDepthFormat;
  reference.depth_compare = VK_COMPARE_OP_LESS;
  reference.cull = VK_CULL_MODE_BACK_BIT;
  LFX_TRY_ASSIGN(r->reference_, Pipeline::graphics(ctx, reference));
  // The composite's variants in the order of sort_pixels.comp's lists.
  constexpr const char* kComposites[kCompositeLists] = {"bottle/composite.comp", "bottle/composite_above_liquid.comp",
                                                        "bottle/composite_below_waves.comp",
                                                        "bottle/composite_dry.comp"};
  for (std::size_t list = 0; list < kCompositeLists; ++list) {
    LFX_TRY_ASSIGN(r->composites_[list],
                   EnvironmentComputePipeline::create(ctx, kComposites[list], sizeof(shared::BottleCompositePush)));
  }
  LFX_TRY_ASSIGN(r->surfaces_raster_,
                 Pipeline::compute(ctx, "bottle/surfaces_raster.comp", sizeof(shared::BottleSurfacesPush)));
  LFX_TRY_ASSIGN(r->sort_pixels_,
                 Pipeline::compute(ctx, "bottle/sort_pixels.comp", sizeof(shared::BottlePixelSortPush)));
  LFX_TRY_ASSIGN(r->shadows_, Pipeline::compute(ctx, "bottle/shadows.comp", sizeof(shared::BottleShadowTilesPush)));
  LFX_TRY_ASSIGN(r->shadows_apply_,
                 Pipeline::compute(ctx, "bottle/shadows_apply.comp", sizeof(shared::BottleShadowTilesPush)));
  LFX_TRY_ASSIGN(r->dummy_debug_, Image::create(ctx, {1, 1, VK_FORMAT_R32G32B32A32_SFLOAT, 1,
                                                      VK_IMAGE_USAGE_STORAGE_BIT, "bottle no debug"}));
  GraphicsPipelineDesc depth_out;
  depth_out.name = "bottle depth out";
  depth_out.vertex_shader = "render/frame_copy.vert";
  depth_out.fragment_shader = "bottle/depth_out.frag";
  depth_out.depth_format = kDepthFormat;
  depth_out.cull = VK_CULL_MODE_NONE;
  LFX_TRY_ASSIGN(r->depth_out_, FrameGraphicsPipeline::create(ctx, depth_out));
  return r;
}

Result<const BottleRenderer::ShapeMeshes*> BottleRenderer::meshes_for(
    const std::shared_ptr<const ContainerShape>& shared) {
  auto found = meshes_.find(shared.get());
  if (found != meshes_.end()) return found->second.get();
  const ContainerShape& shape = *shared;
  auto meshes = std::make_unique<ShapeMeshes>();
  meshes->shape = shared;
  meshes->bounds = bounds_of(shape.container);
  const std::vector<ShadedVertex> liquid = shaded_vertices(shape.liquid);
  const std::vector<ShadedVertex> glass = shaded_vertices(shape.glass);
  const Bounds liquid_bounds = bounds_of(shape.liquid), glass_bounds = bounds_of(shape.glass);
  meshes->drawn_bounds = {glm::min(liquid_bounds.min, glass_bounds.min), glm::max(liquid_bounds.max, glass_bounds.max)};
  meshes->longest_edge = std::max(longest_edge(liquid), longest_edge(glass));
  const Mesh* drawn[] = {&shape.glass, &shape.liquid};
  meshes->hull = hull_points(drawn, kHullSlabs, kHullSides);
  struct Upload {
    Buffer* buffer;
    const std::vector<ShadedVertex>* vertices;
    const char* name;
  };
  for (const Upload& u :
       {Upload{&meshes->liquid, &liquid, "bottle liquid mesh"}, Upload{&meshes->glass, &glass, "bottle glass mesh"}}) {
    const auto bytes = std::as_bytes(std::span(*u.vertices));
    LFX_TRY_ASSIGN(*u.buffer, Buffer::create(ctx_, bytes.size(),
                                             VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                                 VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                             MemoryUsage::device, u.name));
    LFX_TRY(upload_buffer(ctx_, *u.buffer, bytes));
  }
  const DistanceGrids grids = add_distance_grids(shape, volume_data_);
  meshes->volume_origin = grids.volume_origin;
  meshes->volume_size = grids.volume_size;
  meshes->radius = grids.radius;
  volumes_changed_ = true;
  meshes->liquid_vertices = std::uint32_t(liquid.size());
  meshes->glass_vertices = std::uint32_t(glass.size());
  const ShapeMeshes* out = meshes.get();
  meshes_.emplace(&shape, std::move(meshes));
  return out;
}

Result<void> BottleRenderer::set_containers(std::vector<BottleDraw> draws) {
  for (const BottleDraw& d : draws)
    if (auto m = meshes_for(d.liquid->shared_shape()); !m) return m.error();
  draws_ = std::move(draws);
  return success();
}

void BottleProbe::set_debug_targets(Image* entry_points, Image* bubble_points) {
  r_.debug_entry_ = entry_points;
  r_.debug_bubbles_ = bubble_points;
}

Result<void> BottleRenderer::ensure_targets(std::uint32_t width, std::uint32_t height) {
  if (reference_depth_.handle() && reference_depth_.width() == width && reference_depth_.height() == height)
    return success();
  const VkImageUsageFlags depth = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
  const VkImageUsageFlags color = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
  struct Spec {
    Image* image;
    VkFormat format;
    VkImageUsageFlags usage;
    const char* name;
  };
  for (const Spec& s : {Spec{&reference_color_, kHdrFormat, color, "bottle reference color"},
                        Spec{&reference_depth_, kDepthFormat, depth, "bottle reference depth"}}) {
    auto image = Image::create(ctx_, {width, height, s.format, 1, s.usage, s.name});
    if (!image) return image.error();
    ctx_.retire(std::move(*s.image));  // frames in flight may still use it
    *s.image = std::move(image.value());
  }
  auto shade =
      Image::create(ctx_, {(width + 1) / 2, (height + 1) / 2, kHdrFormat, 1,
                           VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                           "bottle shadow shade"});
  if (!shade) return shade.error();
  ctx_.retire(std::move(shade_));
  shade_ = std::move(shade.value());
  shade_cleared_ = false;
  shaded_tiles_.clear();
  return success();
}

Result<void> BottleRenderer::ensure_buffers(std::size_t containers, std::size_t bubbles, std::size_t frame_tiles,
                                            std::size_t surface_texels) {
  const VkBufferUsageFlags usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  struct Spec {
    Buffer* buffer;
    std::size_t bytes;
    const char* name;
    VkBufferUsageFlags extra_usage = 0;
  };
  // A group's composite tiles: a frame's worth and the tiles its rectangles share at their
  // edges (more are drawn in several dispatches). Shadow tiles: one entry per tile at most.
  // Casters: as many as the last frame listed (a frame that lists more skips its shadows).
  // The composite's pixel lists: two halves of a chunk's pixels (composite_lists.glsl), within
  // what one storage buffer range may hold (lavapipe: 128 MiB, half of an 8K frame's tiles;
  // record_composite draws a group in as many chunks as that takes).
  const std::size_t tiles = frame_tiles + 4 * containers,
                    list_entries =
                        std::min(2 * tiles * shared::kBottleTile * shared::kBottleTile,
                                 std::size_t(ctx_.properties().limits.maxStorageBufferRange) / sizeof(std::uint32_t));
  for (const Spec& s :
       {Spec{&containers_, containers * sizeof(shared::LiquidContainerGpu), "bottle containers"},
        Spec{&draw_data_, containers * sizeof(shared::BottleDrawGpu), "bottle draws"},
        Spec{&bubbles_, bubbles * sizeof(glm::vec4), "bottle bubbles"},
        Spec{&tiles_, tiles * sizeof(TileEntry), "bottle tiles"},
        Spec{&covered_pixels_, list_entries * sizeof(std::uint32_t), "bottle composite pixels"},
        Spec{&composite_dispatch_, kCompositeLists * kDispatchStride, "bottle composite dispatches",
             VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT},
        Spec{&shadow_tiles_, frame_tiles * sizeof(TileEntry), "bottle shadow tiles"},
        Spec{&shade_tiles_, frame_tiles * sizeof(TileEntry), "bottle shade tiles"},
        Spec{&casters_, std::max(caster_demand_, 4 * frame_tiles) * sizeof(std::uint32_t), "bottle casters"},
        Spec{&surfaces_, surface_texels * kSurfaceTexelBytes, "bottle surfaces",
             VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT},
        Spec{&volumes_, volume_data_.size() * sizeof(float), "bottle distance grids"}})
    LFX_TRY(ensure_device_buffer(ctx_, *s.buffer, std::max<std::size_t>(s.bytes, 16), usage | s.extra_usage, s.name));
  return success();
}

Result<void> BottleRenderer::ensure_liquid_depth(std::uint32_t width, std::uint32_t height) {
  if (!write_depth_) width = height = 1;  // bound, never written
  if (liquid_depth_.handle() && liquid_depth_.width() == width && liquid_depth_.height() == height) return success();
  LFX_TRY_ASSIGN(Image made, Image::create(ctx_, {width, height, VK_FORMAT_R32_UINT, 1,
                                                  VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                                  "bottle liquid depth"}));
  ctx_.retire(std::move(liquid_depth_));  // frames in flight may still use it
  liquid_depth_ = std::move(made);
  return success();
}

Result<void> BottleRenderer::prepare(const FramePrepare& frame) {
  if (draws_.empty()) return success();
  LFX_TRY(ensure_targets(frame.width, frame.height));
  LFX_TRY(ensure_liquid_depth(frame.width, frame.height));
  if (write_depth_) LFX_TRY(depth_out_.prepare(ctx_, frame.depth_format));
  for (EnvironmentComputePipeline& composite : composites_) LFX_TRY(composite.prepare(ctx_, frame.environment_cube));
  std::size_t bubbles = 0;
  for (const BottleDraw& d : draws_) bubbles += d.liquid->bubbles().size();
  const std::size_t frame_tiles = ((frame.width + shared::kBottleTile - 1) / shared::kBottleTile) *
                                  ((frame.height + shared::kBottleTile - 1) / shared::kBottleTile);
  // The surfaces of as many containers as the last frame drew, between one frame's pixels (any
  // rectangle fits) and two; more are drawn in runs (plan_surface_runs).
  const std::size_t frame_texels = std::size_t(frame.width) * frame.height * shared::kBottleSurfaceLayers;
  const std::size_t surface_texels = std::clamp(surface_demand_, frame_texels, 2 * frame_texels);
  LFX_TRY(ensure_buffers(draws_.size(), bubbles, frame_tiles, surface_texels));
  if (volumes_changed_) {
    LFX_TRY(upload_buffer(ctx_, volumes_, std::as_bytes(std::span(volume_data_))));
    volumes_changed_ = false;
  }
  return success();
}

std::vector<BottleRenderer::Slot> BottleRenderer::lay_out(const FrameContext& frame) const {
  const VkExtent2D extent = frame.targets.color.extent();
  const glm::mat4& view = frame.uniforms.view;
  std::vector<std::size_t> order(draws_.size());
  std::iota(order.begin(), order.end(), 0);
  std::vector<float> depth(draws_.size());
  for (std::size_t i = 0; i < draws_.size(); ++i) {
    const glm::mat4& model = draws_[i].liquid->gpu().model;
    const glm::vec3 center =
        glm::vec3(model * glm::vec4(meshes_.at(&draws_[i].liquid->shape())->bounds.center(), 1.0f));
    depth[i] = -(view * glm::vec4(center, 1.0f)).z;
  }
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return depth[a] > depth[b]; });
  // Where each can show: its meshes' hull on the screen.
  std::vector<ScreenArea> areas;
  std::vector<glm::vec3> points;
  for (std::size_t i : order) {
    const glm::mat4& model = draws_[i].liquid->gpu().model;
    points.clear();
    for (const glm::vec3& p : meshes_.at(&draws_[i].liquid->shape())->hull)
      points.push_back(glm::vec3(model * glm::vec4(p, 1.0f)));
    areas.push_back(screen_area(frame.uniforms.view_proj, points, extent));
  }
  const std::vector<int> groups = overlap_groups(areas, kGroupMargin);
  std::vector<Slot> slots;
  for (std::size_t k = 0; k < order.size(); ++k) {
    Slot slot{order[k], groups[k] >= 0 ? groups[k] : kOffScreen, areas[k].rect, std::move(areas[k].outline)};
    const ShapeMeshes& meshes = *meshes_.at(&draws_[slot.draw].liquid->shape());
    slot.compute_raster = !hardware_surfaces_only_ &&
                          longest_on_screen(frame.uniforms.view_proj, draws_[slot.draw].liquid->gpu().model,
                                            meshes.drawn_bounds, meshes.longest_edge, extent) <= kComputeRasterLongest;
    slots.push_back(std::move(slot));
  }
  std::stable_sort(slots.begin(), slots.end(), [&](const Slot& a, const Slot& b) {
    if (a.group != b.group) return a.group < b.group;
    return &draws_[a.draw].liquid->shape() < &draws_[b.draw].liquid->shape();
  });
  return slots;
}

void BottleRenderer::upload_containers(FrameContext& frame, std::span<const Slot> slots) {
  std::vector<shared::LiquidContainerGpu> containers;
  std::vector<shared::BottleDrawGpu> draws;
  std::vector<glm::vec4> bubbles;
  for (const Slot& slot : slots) {
    const BottleDraw& draw = draws_[slot.draw];
    const LiquidContainer& liquid = *draw.liquid;
    const ShapeMeshes& meshes = *meshes_.at(&liquid.shape());
    containers.push_back(liquid.gpu());
    const std::uint32_t first_bubble = std::uint32_t(bubbles.size());
    for (const Bubble& b : liquid.bubbles())
      if (b.alive && b.radius > 0.0f)
        bubbles.push_back(glm::vec4(glm::vec3(liquid.gpu().model * glm::vec4(b.position, 1.0f)), b.radius));
    draws.push_back(
        {glm::vec4(glass_absorption(draw.glass), draw.glass.refraction),
         glm::vec4(draw.glass.film_opacity, draw.glass.shadow, meshes.radius, 0.0f),
         glm::ivec4(slot.rect.offset.x, slot.rect.offset.y, slot.rect.extent.width, slot.rect.extent.height),
         glm::uvec4(first_bubble, std::uint32_t(bubbles.size()) - first_bubble, slot.first_texel, 0u),
         meshes.volume_origin, meshes.volume_size});
    // The grids' box's vertical axis, as shadows.comp's local_ray finds it, in world space.
    const float cell = meshes.volume_origin.w;
    const glm::vec3 low = glm::vec3(meshes.volume_origin);
    const glm::vec3 high = low + (glm::vec3(meshes.volume_size) - 1.0f) * cell;
    const glm::vec2 axis = (glm::vec2(low.x, low.z) + glm::vec2(high.x, high.z)) * 0.5f;
    const glm::mat4& model = liquid.gpu().model;
    draws.back().axis_low =
        glm::vec4(glm::vec3(model * glm::vec4(axis.x, low.y, axis.y, 1.0f)), meshes.radius + 2.0f * cell);
    draws.back().axis_high = model * glm::vec4(axis.x, high.y, axis.y, 1.0f);
  }
  record_buffer_update(frame.cmd, containers_, std::as_bytes(std::span(containers)));
  record_buffer_update(frame.cmd, draw_data_, std::as_bytes(std::span(draws)));
  if (!bubbles.empty()) record_buffer_update(frame.cmd, bubbles_, std::as_bytes(std::span(bubbles)));
}

void BottleRenderer::plan_surface_runs() {
  const std::span<const Slot> visible = visible_slots();
  std::vector<int> groups;
  std::vector<VkRect2D> rects;
  for (const Slot& slot : visible) {
    groups.push_back(slot.group);
    rects.push_back(slot.rect);
  }
  const std::size_t pixel_bytes = kSurfaceTexelBytes * shared::kBottleSurfaceLayers;
  // The shaders reach the buffer by its address, so a run is limited by the buffer alone, not by
  // a binding's range (surface_encoding.glsl).
  std::size_t capacity = surfaces_.size() / pixel_bytes;
  if (surface_run_limit_ > 0) capacity = std::min(capacity, surface_run_limit_);
  // The buffer holds at least a frame's pixels, so any rectangle; a group larger than that is
  // split first.
  split_large_groups(groups, rects, capacity);
  for (std::size_t k = 0; k < groups.size(); ++k) slots_[k].group = groups[k];
  surface_runs_ = runs_of_groups(groups, rects, capacity);
  surface_demand_ = 0;
  for (const GroupRun& run : surface_runs_) {
    std::size_t first_pixel = 0;
    for (std::size_t k = run.begin; k < run.end; ++k) {
      slots_[k].first_texel = std::uint32_t(first_pixel * shared::kBottleSurfaceLayers);
      first_pixel += rect_pixels(slots_[k].rect);  // as runs_of_groups counts them
    }
    surface_demand_ += run.pixels * shared::kBottleSurfaceLayers;
  }
}

void BottleRenderer::for_each_shape_run(
    std::span<const Slot> slots, const std::function<void(std::size_t, std::size_t, const ShapeMeshes&)>& fn) const {
  for (std::size_t begin = 0; begin < slots.size();) {
    const ContainerShape* shape = &draws_[slots[begin].draw].liquid->shape();
    std::size_t end = begin + 1;
    while (end < slots.size() && &draws_[slots[end].draw].liquid->shape() == shape &&
           slots[end].compute_raster == slots[begin].compute_raster)
      ++end;
    fn(begin, end, *meshes_.at(shape));
    begin = end;
  }
}

void BottleRenderer::draw_instanced(VkCommandBuffer cmd, std::span<const Slot> slots, std::uint32_t first, bool glass,
                                    bool skip_compute_rasterised) const {
  for_each_shape_run(slots, [&](std::size_t begin, std::size_t end, const ShapeMeshes& meshes) {
    if (skip_compute_rasterised && slots[begin].compute_raster) return;
    draw_vertices(cmd, glass ? meshes.glass : meshes.liquid, glass ? meshes.glass_vertices : meshes.liquid_vertices,
                  first + std::uint32_t(begin), std::uint32_t(end - begin));
  });
}

std::size_t BottleProbe::last_compute_rasterised() const {
  const auto visible = r_.visible_slots();
  return std::size_t(std::count_if(visible.begin(), visible.end(), [](const auto& s) { return s.compute_raster; }));
}

Result<BottleProbe::ContainerSurfaces> BottleProbe::last_surfaces(std::size_t draw) const {
  if (r_.surface_runs_.size() != 1) return gpu_error("the last frame drew its surfaces in more than one run");
  const auto visible = r_.visible_slots();
  const auto slot = std::find_if(visible.begin(), visible.end(), [&](const auto& s) { return s.draw == draw; });
  if (slot == visible.end()) return gpu_error("container " + std::to_string(draw) + " was not drawn last frame");
  auto bytes = read_buffer(r_.ctx_, r_.surfaces_);
  if (!bytes) return bytes.error();
  ContainerSurfaces out{slot->rect, std::vector<std::uint64_t>(rect_pixels(slot->rect) * shared::kBottleSurfaceLayers),
                        slot->outline};
  std::memcpy(out.texels.data(), bytes->data() + slot->first_texel * BottleRenderer::kSurfaceTexelBytes,
              out.texels.size() * BottleRenderer::kSurfaceTexelBytes);
  return out;
}

void BottleRenderer::record_surfaces(FrameContext& frame, const GroupRun& run) {
  PassScope pass(frame.timer, frame.cmd, "bottle surfaces");
  VkCommandBuffer cmd = frame.cmd;
  // After the last run's pixel sorts and composites have read the buffer.
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT,
                 VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
  const VkDeviceSize run_bytes =
      std::max<VkDeviceSize>(run.pixels * shared::kBottleSurfaceLayers * kSurfaceTexelBytes, kSurfaceTexelBytes);
  vkCmdFillBuffer(cmd, surfaces_.handle(), 0, run_bytes, 0xffffffffu);  // no surface
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
  const std::span<const Slot> slots = std::span(slots_).subspan(run.begin, run.end - run.begin);
  // What both rasterisers read and write.
  const auto surface_bindings = [&](DescriptorWrites& writes) -> DescriptorWrites& {
    return writes.uniform_buffer(0, frame.frame_uniforms.handle())
        .storage_buffer(1, containers_.handle())
        .storage_buffer(2, draw_data_.handle());
  };
  // Containers with small triangles: a triangle an invocation (surfaces_raster.comp).
  bool hardware = false;
  surfaces_raster_.bind(cmd);
  for_each_shape_run(slots, [&](std::size_t begin, std::size_t end, const ShapeMeshes& meshes) {
    hardware = hardware || !slots[begin].compute_raster;
    if (!slots[begin].compute_raster) return;
    for (const bool glass : {true, false}) {
      DescriptorWrites writes;
      surface_bindings(writes)
          .storage_buffer(4, (glass ? meshes.glass : meshes.liquid).handle())
          .push(ctx_, cmd, surfaces_raster_);
      const std::uint32_t triangles = (glass ? meshes.glass_vertices : meshes.liquid_vertices) / 3;
      // In dispatches of at most the 65535 workgroups a side every device takes.
      constexpr std::uint32_t kGroupSize = shared::kBottleRasterGroup;
      for (std::size_t first = begin; first < end; first += kMaxWorkgroups)
        for (std::uint32_t triangle = 0; triangle < triangles; triangle += kMaxWorkgroups * kGroupSize) {
          const std::uint32_t instances = std::uint32_t(std::min<std::size_t>(kMaxWorkgroups, end - first));
          const std::uint32_t chunks = std::min(kMaxWorkgroups, (triangles - triangle + kGroupSize - 1) / kGroupSize);
          surfaces_raster_.push_constants(
              cmd, shared::BottleSurfacesPush{glass ? 0u : 2u, std::uint32_t(run.begin + first), triangles, triangle,
                                              shared::spreading_stride(instances), shared::spreading_stride(chunks),
                                              surfaces_.address()});
          vkCmdDispatch(cmd, chunks, instances, 1);
        }
    }
  });
  // The others (large triangles, or reaching the near or far plane) by the fixed-function
  // rasteriser, which also clips; after the compute pass's atomics on the same texels.
  if (hardware) {
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                   VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                   VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
    begin_rendering_without_attachments(cmd, frame.targets.color.extent());
    surfaces_pipeline_.bind(cmd);
    DescriptorWrites writes;
    surface_bindings(writes).push(ctx_, cmd, surfaces_pipeline_);
    for (const bool glass : {true, false}) {
      surfaces_pipeline_.push_constants(
          cmd, shared::BottleSurfacesPush{glass ? 0u : 2u, 0u, 0u, 0u, 0u, 0u, surfaces_.address()});
      draw_instanced(cmd, slots, std::uint32_t(run.begin), glass, true);
    }
    vkCmdEndRendering(cmd);
  }
  // Ready for the pixel sorts and the composites, here so that the surfaces' rasterisation, which
  // a CPU rasteriser finishes only when something waits for it, is timed as theirs.
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
}

void BottleRenderer::record_composite(FrameContext& frame, std::span<const Slot> group, std::uint32_t first) {
  PassScope pass(frame.timer, frame.cmd, "bottle composite");
  VkCommandBuffer cmd = frame.cmd;
  FrameTargets& t = frame.targets;
  std::vector<TileEntry> tiles;
  for (std::size_t k = 0; k < group.size(); ++k)
    append_tiles(group[k].rect, first + std::uint32_t(k), tiles, group[k].outline);

  Image& entry_target = debug_entry_ ? *debug_entry_ : dummy_debug_;
  Image& bubble_target = debug_bubbles_ ? *debug_bubbles_ : dummy_debug_;
  for (Image* debug : {&entry_target, &bubble_target}) debug->use(cmd, access::kComputeWrite);
  liquid_depth_.use(cmd, access::kComputeReadWrite);  // atomic min, group after group
  t.scene_color.use(cmd, access::kComputeSampled);
  t.scene_depth.use(cmd, access::kComputeSampled);
  t.color.use(cmd, access::kComputeReadWrite);
  const VkSampler nearest = frame.nearest_clamp.handle();
  // As many tile entries a chunk as tiles_ holds and as each half of the pixel lists holds the
  // pixels of (composite_lists.glsl).
  const std::size_t pixels_per_tile = shared::kBottleTile * shared::kBottleTile;
  const std::size_t capacity =
      std::min(tiles_.size() / sizeof(TileEntry), pixel_list_bytes() / sizeof(std::uint32_t) / 2 / pixels_per_tile);
  for (std::size_t at = 0; at < tiles.size(); at += capacity) {
    const std::size_t count = std::min(capacity, tiles.size() - at);
    record_buffer_update(cmd, tiles_, std::as_bytes(std::span(tiles).subspan(at, count)));
    record_pixel_sort(frame, count);
    // Each list of pixels in its own variant.
    for (std::size_t list = 0; list < kCompositeLists; ++list) {
      const Pipeline& composite = composites_[list].get(frame.environment_cube);
      composite.bind(cmd);
      DescriptorWrites()
          .uniform_buffer(0, frame.frame_uniforms.handle())
          .storage_buffer(1, containers_.handle())
          .storage_buffer(2, draw_data_.handle())
          .storage_buffer(3, covered_pixels_.handle(), 0, pixel_list_bytes())
          .storage_buffer(6, tiles_.handle())
          .storage_buffer(4, bubbles_.handle())
          .sampled_image(9, t.scene_color.view(), frame.linear_clamp.handle())
          .sampled_image(10, t.scene_depth.view(), nearest)
          .storage_image(11, t.color.view())
          .storage_image(12, entry_target.view())
          .storage_image(13, bubble_target.view())
          .storage_buffer(14, composite_dispatch_.handle())
          .storage_image(15, liquid_depth_.view())
          .sampled_image(LFX_FRAME_ENVIRONMENT_BINDING, frame.environment, frame.linear_clamp.handle())
          .push(ctx_, cmd, composite);
      composite.push_constants(
          cmd, shared::BottleCompositePush{debug_entry_ ? 1u : 0u, write_depth_ ? 1u : 0u, surfaces_.address()});
      vkCmdDispatchIndirect(cmd, composite_dispatch_.handle(), list * kDispatchStride);
    }
  }
}

VkDeviceSize BottleRenderer::pixel_list_bytes() const {
  const VkDeviceSize bindable =
      std::min<VkDeviceSize>(covered_pixels_.size(), ctx_.properties().limits.maxStorageBufferRange);
  return bindable / (2 * sizeof(std::uint32_t)) * (2 * sizeof(std::uint32_t));
}

void BottleRenderer::record_pixel_sort(FrameContext& frame, std::size_t count) {
  VkCommandBuffer cmd = frame.cmd;
  // After record_buffer_update's barriers, which order it after the last composite's reads.
  vkCmdFillBuffer(cmd, composite_dispatch_.handle(), 0, VK_WHOLE_SIZE, 0);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
  const VkSampler nearest = frame.nearest_clamp.handle();
  sort_pixels_.bind(cmd);
  DescriptorWrites()
      .uniform_buffer(0, frame.frame_uniforms.handle())
      .storage_buffer(1, containers_.handle())
      .storage_buffer(2, draw_data_.handle())
      .storage_buffer(3, tiles_.handle())
      .storage_buffer(4, covered_pixels_.handle(), 0, pixel_list_bytes())
      .storage_buffer(6, composite_dispatch_.handle())
      .sampled_image(11, frame.targets.scene_depth.view(), nearest)
      .push(ctx_, cmd, sort_pixels_);
  sort_pixels_.push_constants(
      cmd, shared::BottlePixelSortPush{std::uint32_t(count), sort_pixels_enabled_ ? 0u : 1u, surfaces_.address()});
  // A row of a tile an invocation.
  const std::size_t rows = count * shared::kBottleTile, group = shared::kBottleSortGroup;
  vkCmdDispatch(cmd, std::uint32_t((rows + group - 1) / group), 1, 1);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
}

Result<BottleProbe::CompositePixels> BottleProbe::last_composite_pixels() const {
  auto bytes = read_buffer(r_.ctx_, r_.composite_dispatch_);
  if (!bytes) return bytes.error();
  std::uint32_t words[4 * BottleRenderer::kCompositeLists];
  std::memcpy(words, bytes->data(), sizeof(words));
  return CompositePixels{words[3], words[7], words[11], words[15]};  // the pixels (w) of each list
}

void BottleRenderer::record_opaque(FrameContext& frame) {
  if (draws_.empty()) return;
  slots_ = lay_out(frame);
  plan_surface_runs();
  upload_containers(frame, slots_);
  if (reference_pass_) {
    // On a CPU rasteriser the first draw after the room pays for the tail of the room's own
    // rasterisation (about 2.5 ms at 640x360 on lavapipe, whatever is drawn). Measuring, that
    // draw is the reference's, timed as the room's, so that neither the reference nor the
    // bottle passes carry it.
    record_reference(frame, visible_slots(), "room tail (reference meshes)");
  }
  record_shadows(frame);
}

namespace {

// A workgroup a tile of a shadow pass's list (LFX_BOTTLE_SHADOW_TILES_PUSH), in dispatches of at
// most kMaxWorkgroups: a long shadow across a large frame lists more tiles than that.
void dispatch_tiles(VkCommandBuffer cmd, const Pipeline& pipeline, std::size_t tiles) {
  for (std::size_t first = 0; first < tiles; first += kMaxWorkgroups) {
    pipeline.push_constants(cmd, shared::BottleShadowTilesPush{std::uint32_t(first), 0u, 0u, 0u});
    vkCmdDispatch(cmd, std::uint32_t(std::min<std::size_t>(kMaxWorkgroups, tiles - first)), 1, 1);
  }
}

}  // namespace

void BottleRenderer::record_shadows(FrameContext& frame) {
  const VkExtent2D extent = frame.targets.color.extent();
  const VkExtent2D half{shade_.width(), shade_.height()};
  const glm::vec3 sun(frame.uniforms.sun_direction);
  std::vector<VkRect2D> rects, half_rects;
  std::vector<std::vector<glm::vec2>> outlines;
  for (const Slot& slot : slots_) {
    const BottleDraw& draw = draws_[slot.draw];
    const ShapeMeshes& meshes = *meshes_.at(&draw.liquid->shape());
    // As far as shadows.comp's soft edge reaches beyond the container: half its penumbra, a grid
    // cell widening with the distance from the lit point (the sweep's, and at most the grids'
    // diagonal more).
    const float cell = meshes.volume_origin.w;
    const float diagonal = glm::length(glm::vec3(meshes.volume_size) - 1.0f) * cell;
    const ShadowSpread spread{0.5f * (cell + diagonal * shared::kBottleSunRadius), 0.5f * shared::kBottleSunRadius};
    ScreenArea area;
    if (draw.glass.shadow > 0.0f)
      area = shadow_area(frame.uniforms.view_proj, draw.liquid->gpu().model, meshes.bounds, sun, kFloorHeight,
                         kLongestShadow, spread, extent);
    const VkRect2D& r = area.rect;
    rects.push_back(r);
    // Half resolution, a texel wider each side (a texel's point is the pixel at 2q + 1); the
    // outline below keeps only the tiles it reaches, and a texel left out holds 1.
    half_rects.push_back(r.extent.width == 0 ? r
                                             : rect_grown({{r.offset.x / 2, r.offset.y / 2},
                                                           {(r.extent.width + 1) / 2, (r.extent.height + 1) / 2}},
                                                          1, half));
    outlines.push_back(std::move(area.outline));
  }
  // Of the rectangles' tiles only those the shadow's outline meets (a long shadow across the
  // screen covers a fraction of its rectangle): the march's where a texel's point (a pixel)
  // may lie in it, the apply pass's where its bilinear filter may read such a texel (two pixels
  // farther); a pixel more for rounding.
  const auto meets = [&](std::size_t k, const VkRect2D& tile, float scale, float margin) {
    const glm::vec2 lo = glm::vec2(tile.offset.x, tile.offset.y) * scale;
    return outline_meets_box(outlines[k], lo, lo + glm::vec2(tile.extent.width, tile.extent.height) * scale, margin);
  };
  std::vector<TileEntry> tiles, shade_tiles;
  std::vector<std::uint32_t> casters, unused;
  tiles_with_lists(half_rects, half, tiles, casters,
                   [&](std::size_t k, const VkRect2D& t) { return meets(k, t, 2.0f, 1.0f); });
  tiles_with_lists(rects, extent, shade_tiles, unused,
                   [&](std::size_t k, const VkRect2D& t) { return meets(k, t, 1.0f, 3.0f); });
  caster_demand_ = casters.size();
  if (tiles.empty()) return;
  if (casters.size() * sizeof(std::uint32_t) > casters_.size()) return;  // for one frame, until prepare makes room
  PassScope pass(frame.timer, frame.cmd, "bottle shadows");
  VkCommandBuffer cmd = frame.cmd;
  FrameTargets& t = frame.targets;
  // The shade is 1 but where the shadow pass last wrote: it writes every texel of its tiles,
  // and runs over those of the last time too (without casters) to set them back to 1, which
  // costs less than clearing the whole image every frame.
  if (!shade_cleared_) clear_color_image(cmd, shade_, {{1.0f, 1.0f, 1.0f, 1.0f}});
  shade_cleared_ = true;
  std::vector<std::uint32_t> shaded;
  for (const TileEntry& tile : tiles) shaded.push_back(tile.tile);
  for (const std::uint32_t stale : shaded_tiles_)
    if (!std::binary_search(shaded.begin(), shaded.end(), stale)) tiles.push_back({stale, 0, 0, 0});
  shaded_tiles_ = std::move(shaded);
  record_buffer_update(cmd, shadow_tiles_, std::as_bytes(std::span(tiles)));
  record_buffer_update(cmd, shade_tiles_, std::as_bytes(std::span(shade_tiles)));
  record_buffer_update(cmd, casters_, std::as_bytes(std::span(casters)));
  shade_.use(cmd, access::kComputeWrite);
  t.depth.use(cmd, access::kDepthSampled);
  shadows_.bind(cmd);
  DescriptorWrites()
      .uniform_buffer(0, frame.frame_uniforms.handle())
      .storage_buffer(1, containers_.handle())
      .storage_buffer(2, draw_data_.handle())
      .storage_buffer(3, shadow_tiles_.handle())
      .storage_buffer(4, casters_.handle())
      .storage_buffer(5, volumes_.handle())
      .sampled_image(6, t.depth.view(), frame.nearest_clamp.handle(),
                     t.depth.layout(VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL))
      .storage_image(7, shade_.view())
      .push(ctx_, cmd, shadows_);
  dispatch_tiles(cmd, shadows_, tiles.size());

  shade_.use(cmd, access::kComputeSampled);
  t.color.use(cmd, access::kComputeReadWrite);
  shadows_apply_.bind(cmd);
  DescriptorWrites()
      .uniform_buffer(0, frame.frame_uniforms.handle())
      .storage_buffer(1, shade_tiles_.handle())
      .sampled_image(2, shade_.view(), frame.nearest_clamp.handle())
      .storage_image(3, t.color.view())
      .sampled_image(4, t.depth.view(), frame.nearest_clamp.handle(),
                     t.depth.layout(VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL))
      .push(ctx_, cmd, shadows_apply_);
  dispatch_tiles(cmd, shadows_apply_, shade_tiles.size());
}

void BottleRenderer::record_transparent(FrameContext& frame) {
  if (draws_.empty()) return;
  // The glass refracts the free liquid drawn before it (a particle surface): the copy is made
  // again when anything was drawn since the frame's (nothing otherwise).
  {
    PassScope pass(frame.timer, frame.cmd, "bottle copy refresh");
    frame.refresh_scene_copy();
  }

  clear_debug_targets(frame.cmd);
  if (write_depth_) {
    liquid_depth_.use(frame.cmd, access::kTransferDst);
    VkClearColorValue none{};
    for (std::uint32_t& bits : none.uint32) bits = ~0u;  // no liquid
    const VkImageSubresourceRange all{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vkCmdClearColorImage(frame.cmd, liquid_depth_.handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &none, 1, &all);
  }
  // Where earlier groups drew since the scene copy was last refreshed. A group that overlaps it
  // refreshes the copy there, near its own rectangles (as far as refraction reaches).
  const VkExtent2D extent = frame.targets.color.extent();
  const int reach = int(std::max(extent.width, extent.height) / 8);
  // The composite reads the copy's mips up to the most blurred liquid's (trilinear: one more).
  float blur = 0.0f;
  for (const Slot& slot : slots_) blur = std::max(blur, draws_[slot.draw].liquid->gpu().optics.x);
  const std::uint32_t levels = std::uint32_t(blur) + 2;
  VkRect2D dirty{{0, 0}, {0, 0}};
  std::size_t next_run = 0;  // of surface_runs_, which start at groups' first slots in order
  for (std::size_t begin = 0; begin < slots_.size() && slots_[begin].group != kOffScreen;) {
    std::size_t end = begin;
    VkRect2D near{{0, 0}, {0, 0}};
    bool overlaps_dirty = false;
    while (end < slots_.size() && slots_[end].group == slots_[begin].group) {
      overlaps_dirty = overlaps_dirty || rects_overlap(slots_[end].rect, dirty);
      near = rect_union(near, rect_grown(slots_[end].rect, reach, extent));
      ++end;
    }
    if (overlaps_dirty) {
      PassScope pass(frame.timer, frame.cmd, "bottle copy refresh");
      frame.refresh_scene_copy(rect_intersection(dirty, near), levels);
      // What lies beyond the group's reach stays dirty for the groups after it.
      if (rect_contains(near, dirty)) dirty = {{0, 0}, {0, 0}};
    }
    if (next_run < surface_runs_.size() && surface_runs_[next_run].begin == begin)
      record_surfaces(frame, surface_runs_[next_run++]);
    const std::span<const Slot> group = std::span(slots_).subspan(begin, end - begin);
    record_composite(frame, group, std::uint32_t(begin));
    for (const Slot& slot : group) dirty = rect_union(dirty, slot.rect);
    begin = end;
  }
  if (write_depth_) record_depth_out(frame);
  if (reference_pass_) record_reference(frame, visible_slots(), "bottle reference (opaque meshes)");
}

void BottleRenderer::record_depth_out(FrameContext& frame) {
  PassScope pass(frame.timer, frame.cmd, "bottle depth out");
  frame.draw_depth_out(depth_out_.get(), liquid_depth_, 1);
}

void BottleRenderer::clear_debug_targets(VkCommandBuffer cmd) {
  for (Image* debug : {debug_entry_, debug_bubbles_})
    if (debug) clear_color_image(cmd, *debug, {{0.0f, 0.0f, 0.0f, 0.0f}});
}

std::span<const BottleRenderer::Slot> BottleRenderer::visible_slots() const {
  const auto end = std::find_if(slots_.begin(), slots_.end(), [](const Slot& s) { return s.group == kOffScreen; });
  return std::span(slots_.begin(), end);
}

void BottleRenderer::record_reference(FrameContext& frame, std::span<const Slot> slots, const char* pass_name) {
  PassScope pass(frame.timer, frame.cmd, pass_name);
  VkCommandBuffer cmd = frame.cmd;
  reference_color_.use(cmd, access::kColorAttachment);
  reference_depth_.use(cmd, access::kDepthAttachment);
  begin_rendering(cmd, {{&reference_color_, true}}, {&reference_depth_, true, frame.far_depth()});
  reference_.bind(cmd, frame.reversed_depth());
  DescriptorWrites()
      .uniform_buffer(0, frame.frame_uniforms.handle())
      .storage_buffer(1, containers_.handle())
      .push(ctx_, cmd, reference_);
  draw_instanced(cmd, slots, 0, false, false);
  draw_instanced(cmd, slots, 0, true, false);
  vkCmdEndRendering(cmd);
  // A CPU rasteriser finishes a rendering's rasterisation after vkCmdEndRendering, and charges
  // it to whatever waits for it next (the tonemap: about 3.5 ms at 100 bottles). Waiting here
  // keeps the reference's time its own, as the bottle passes' is (the composite waits for the
  // surfaces).
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                 VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_READ_BIT);
}

}  // namespace lfx::gpu
