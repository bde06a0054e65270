#include "liquidfx/gpu/effects/bottle_renderer.h"

#include <algorithm>
#include <glm/common.hpp>
#include <numeric>

#include "liquidfx/core/detail/shaded_mesh.h"
#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/detail/rendering.h"
#include "liquidfx/gpu/render/frame_renderer.h"
#include "liquidfx/gpu/transfer.h"
#include "shared/bottle.h"

namespace lfx::gpu {

namespace {

VertexBinding shaded_vertex_binding() {
  return {sizeof(ShadedVertex),
          VK_VERTEX_INPUT_RATE_VERTEX,
          {{0, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(ShadedVertex, position)},
           {1, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(ShadedVertex, normal)}}};
}

// The part of the frame a container can touch: its bounds projected, a little margin, clamped.
VkRect2D screen_rect(const glm::mat4& view_proj, const glm::mat4& model, const Bounds& b, VkExtent2D extent) {
  glm::vec2 lo(1e9f), hi(-1e9f);
  for (int i = 0; i < 8; ++i) {
    const glm::vec3 corner((i & 1) ? b.max.x : b.min.x, (i & 2) ? b.max.y : b.min.y, (i & 4) ? b.max.z : b.min.z);
    const glm::vec4 clip = view_proj * model * glm::vec4(corner, 1.0f);
    if (clip.w <= 1e-4f) return {{0, 0}, extent};  // reaches behind the eye: take the whole frame
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    const glm::vec2 pixel = (ndc * 0.5f + 0.5f) * glm::vec2(extent.width, extent.height);
    lo = glm::min(lo, pixel);
    hi = glm::max(hi, pixel);
  }
  const int x0 = std::clamp(int(std::floor(lo.x)) - 2, 0, int(extent.width));
  const int y0 = std::clamp(int(std::floor(lo.y)) - 2, 0, int(extent.height));
  const int x1 = std::clamp(int(std::ceil(hi.x)) + 2, 0, int(extent.width));
  const int y1 = std::clamp(int(std::ceil(hi.y)) + 2, 0, int(extent.height));
  return {{x0, y0}, {std::uint32_t(std::max(0, x1 - x0)), std::uint32_t(std::max(0, y1 - y0))}};
}

bool overlaps(const VkRect2D& a, const VkRect2D& b) {
  return a.extent.width > 0 && b.extent.width > 0 && a.offset.x < b.offset.x + int(b.extent.width) &&
         b.offset.x < a.offset.x + int(a.extent.width) && a.offset.y < b.offset.y + int(b.extent.height) &&
         b.offset.y < a.offset.y + int(a.extent.height);
}

VkRect2D merged(const VkRect2D& a, const VkRect2D& b) {
  if (a.extent.width == 0) return b;
  const int x0 = std::min(a.offset.x, b.offset.x), y0 = std::min(a.offset.y, b.offset.y);
  const int x1 = std::max(a.offset.x + int(a.extent.width), b.offset.x + int(b.extent.width));
  const int y1 = std::max(a.offset.y + int(a.extent.height), b.offset.y + int(b.extent.height));
  return {{x0, y0}, {std::uint32_t(x1 - x0), std::uint32_t(y1 - y0)}};
}

void clear_rect(VkCommandBuffer cmd, const VkRect2D& rect, bool color, bool depth) {
  VkClearAttachment clears[2]{};
  std::uint32_t count = 0;
  if (color) clears[count++] = {VK_IMAGE_ASPECT_COLOR_BIT, 0, {.color = {{0.0f, 0.0f, 0.0f, 0.0f}}}};
  if (depth) clears[count++] = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, {.depthStencil = {1.0f, 0}}};
  const VkClearRect region{rect, 0, 1};
  vkCmdClearAttachments(cmd, count, clears, 1, &region);
}

void draw_vertices(VkCommandBuffer cmd, const Buffer& buffer, std::uint32_t count) {
  const VkBuffer handle = buffer.handle();
  const VkDeviceSize offset = 0;
  vkCmdBindVertexBuffers(cmd, 0, 1, &handle, &offset);
  vkCmdDraw(cmd, count, 1, 0, 0);
}

}  // namespace

BottleRenderer::~BottleRenderer() = default;

Result<std::unique_ptr<BottleRenderer>> BottleRenderer::create(Context& ctx) {
  std::unique_ptr<BottleRenderer> r(new BottleRenderer(ctx));
  GraphicsPipelineDesc depth;
  depth.vertex_shader = "bottle/mesh.vert";
  depth.push_constant_bytes = sizeof(shared::BottleMeshPush);
  depth.vertex_bindings = {shaded_vertex_binding()};
  depth.depth_format = kDepthFormat;
  depth.depth_compare = VK_COMPARE_OP_LESS;

  GraphicsPipelineDesc front = depth;
  front.name = "bottle liquid front";
  front.fragment_shader = "bottle/liquid_front.frag";
  front.color_formats = {kHdrFormat};
  front.cull = VK_CULL_MODE_BACK_BIT;
  GraphicsPipelineDesc back = depth;
  back.name = "bottle liquid back";
  back.fragment_shader = "bottle/liquid_back.frag";
  back.cull = VK_CULL_MODE_FRONT_BIT;

  GraphicsPipelineDesc glass;
  glass.name = "bottle glass";
  glass.vertex_shader = "bottle/mesh.vert";
  glass.fragment_shader = "bottle/glass.frag";
  glass.push_constant_bytes = sizeof(shared::BottleGlassPush);
  glass.vertex_bindings = {shaded_vertex_binding()};
  glass.color_formats = {kHdrFormat};
  glass.depth_format = kDepthFormat;
  glass.depth_write = false;
  glass.blend = BlendMode::premultiplied;
  glass.dynamic_cull_mode = true;

  GraphicsPipelineDesc reference;
  reference.name = "bottle reference";
  reference.vertex_shader = "bottle/mesh.vert";
  reference.fragment_shader = "bottle/reference.frag";
  reference.push_constant_bytes = sizeof(shared::BottleMeshPush);
  reference.vertex_bindings = {shaded_vertex_binding()};
  reference.color_formats = {kHdrFormat};
  reference.depth_format = kDepthFormat;

  struct Graphics {
    Pipeline* pipeline;
    const GraphicsPipelineDesc* desc;
  };
  for (const Graphics& g : {Graphics{&r->front_depth_, &front}, Graphics{&r->back_depth_, &back},
                            Graphics{&r->glass_, &glass}, Graphics{&r->reference_, &reference}}) {
    LFX_TRY_ASSIGN(*g.pipeline, Pipeline::graphics(ctx, *g.desc));
  }
  LFX_TRY_ASSIGN(r->composite_, Pipeline::compute(ctx, "bottle/composite.comp", sizeof(shared::BottleCompositePush)));
  LFX_TRY_ASSIGN(r->dummy_debug_, Image::create(ctx, {1, 1, VK_FORMAT_R32G32B32A32_SFLOAT, 1,
                                                      VK_IMAGE_USAGE_STORAGE_BIT, "bottle no debug"}));
  return r;
}

Result<const BottleRenderer::ShapeMeshes*> BottleRenderer::meshes_for(const ContainerShape& shape) {
  auto found = meshes_.find(&shape);
  if (found != meshes_.end()) return found->second.get();
  auto meshes = std::make_unique<ShapeMeshes>();
  meshes->bounds = bounds_of(shape.container);
  const std::vector<ShadedVertex> liquid = shaded_vertices(shape.liquid);
  const std::vector<ShadedVertex> container = shaded_vertices(shape.glass);
  struct Upload {
    Buffer* buffer;
    const std::vector<ShadedVertex>* vertices;
    const char* name;
  };
  for (const Upload& u : {Upload{&meshes->liquid, &liquid, "bottle liquid mesh"},
                          Upload{&meshes->container, &container, "bottle container mesh"}}) {
    const auto bytes = std::as_bytes(std::span(*u.vertices));
    LFX_TRY_ASSIGN(*u.buffer, Buffer::create(ctx_, bytes.size(),
                                             VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                             MemoryUsage::device, u.name));
    LFX_TRY(upload_buffer(ctx_, *u.buffer, bytes));
  }
  meshes->liquid_vertices = std::uint32_t(liquid.size());
  meshes->container_vertices = std::uint32_t(container.size());
  const ShapeMeshes* out = meshes.get();
  meshes_.emplace(&shape, std::move(meshes));
  return out;
}

Result<void> BottleRenderer::set_containers(std::vector<BottleDraw> draws) {
  for (const BottleDraw& d : draws)
    if (auto m = meshes_for(d.liquid->shape()); !m) return m.error();
  draws_ = std::move(draws);
  return success();
}

void BottleRenderer::set_debug_targets(Image* entry_points, Image* bubble_points) {
  debug_entry_ = entry_points;
  debug_bubbles_ = bubble_points;
}

Result<void> BottleRenderer::ensure_targets(std::uint32_t width, std::uint32_t height) {
  if (front_depth_image_.handle() && front_depth_image_.width() == width && front_depth_image_.height() == height)
    return success();
  const VkImageUsageFlags depth = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
  const VkImageUsageFlags color = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
  struct Spec {
    Image* image;
    VkFormat format;
    VkImageUsageFlags usage;
    const char* name;
  };
  for (const Spec& s : {Spec{&front_depth_image_, kDepthFormat, depth, "bottle front depth"},
                        Spec{&front_normal_, kHdrFormat, color, "bottle front normal"},
                        Spec{&back_depth_image_, kDepthFormat, depth, "bottle back depth"},
                        Spec{&reference_color_, kHdrFormat, color, "bottle reference color"},
                        Spec{&reference_depth_, kDepthFormat, depth, "bottle reference depth"}}) {
    auto image = Image::create(ctx_, {width, height, s.format, 1, s.usage, s.name});
    if (!image) return image.error();
    ctx_.retire(std::move(*s.image));  // frames in flight may still use it
    *s.image = std::move(image.value());
  }
  return success();
}

Result<void> BottleRenderer::ensure_buffers(std::size_t containers, std::size_t bubbles) {
  const VkBufferUsageFlags usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  if (auto r = ensure_device_buffer(ctx_, containers_, containers * sizeof(shared::LiquidContainerGpu), usage,
                                    "bottle containers");
      !r)
    return r;
  return ensure_device_buffer(ctx_, bubbles_, bubbles * sizeof(glm::vec4), usage, "bottle bubbles");
}

Result<void> BottleRenderer::prepare(const FramePrepare& frame) {
  if (draws_.empty()) return success();
  LFX_TRY(ensure_targets(frame.width, frame.height));
  std::size_t bubbles = 0;
  for (const BottleDraw& d : draws_) bubbles += d.liquid->bubbles().size();
  return ensure_buffers(draws_.size(), bubbles);
}

void BottleRenderer::record_transparent(FrameContext& frame) {
  if (draws_.empty()) return;
  VkCommandBuffer cmd = frame.cmd;
  FrameTargets& t = frame.targets;
  const VkExtent2D extent = t.color.extent();

  // Back to front, so that nearer liquid refracts farther liquid.
  const glm::mat4& view = frame.uniforms.view;
  std::vector<std::size_t> order(draws_.size());
  std::iota(order.begin(), order.end(), 0);
  std::vector<float> depth(draws_.size());
  for (std::size_t i = 0; i < draws_.size(); ++i) {
    const glm::vec3 center = glm::vec3(draws_[i].liquid->gpu().model *
                                       glm::vec4(meshes_[&draws_[i].liquid->shape()]->bounds.center(), 1.0f));
    depth[i] = -(view * glm::vec4(center, 1.0f)).z;
  }
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return depth[a] > depth[b]; });

  std::vector<shared::LiquidContainerGpu> structs;
  std::vector<glm::vec4> bubble_data;
  std::vector<std::uint32_t> bubble_offset, bubble_count;
  for (std::size_t i : order) {
    const LiquidContainer& liquid = *draws_[i].liquid;
    structs.push_back(liquid.gpu());
    bubble_offset.push_back(std::uint32_t(bubble_data.size()));
    for (const Bubble& b : liquid.bubbles())
      if (b.alive && b.radius > 0.0f)
        bubble_data.push_back(glm::vec4(glm::vec3(liquid.gpu().model * glm::vec4(b.position, 1.0f)), b.radius));
    bubble_count.push_back(std::uint32_t(bubble_data.size()) - bubble_offset.back());
  }
  record_buffer_update(cmd, containers_, std::as_bytes(std::span(structs)));
  if (!bubble_data.empty()) record_buffer_update(cmd, bubbles_, std::as_bytes(std::span(bubble_data)));

  Image& entry_target = debug_entry_ ? *debug_entry_ : dummy_debug_;
  Image& bubble_target = debug_bubbles_ ? *debug_bubbles_ : dummy_debug_;
  for (Image* debug : {&entry_target, &bubble_target}) debug->use(cmd, access::kComputeWrite);

  const VkBuffer frame_ubo = frame.frame_uniforms.handle();
  VkRect2D dirty{{0, 0}, {0, 0}};  // drawn since the scene copy was last refreshed
  for (std::size_t k = 0; k < order.size(); ++k) {
    const BottleDraw& draw = draws_[order[k]];
    const ShapeMeshes& meshes = *meshes_[&draw.liquid->shape()];
    const VkRect2D rect = screen_rect(frame.uniforms.view_proj, structs[k].model, meshes.bounds, extent);
    if (rect.extent.width == 0 || rect.extent.height == 0) continue;
    if (overlaps(rect, dirty)) {
      PassScope pass(frame.timer, cmd, "bottle copy refresh");
      frame.renderer.refresh_scene_copy(frame, dirty);
      dirty = {{0, 0}, {0, 0}};
    }
    const std::uint32_t index = std::uint32_t(k);
    shared::BottleGlassPush glass{index,
                                  0,
                                  {},
                                  glm::vec4(draw.glass.tint, draw.glass.opacity),
                                  glm::vec4(draw.glass.refraction, draw.glass.film_opacity, 0.0f, 0.0f)};
    auto draw_glass = [&](bool front) {
      PassScope pass(frame.timer, cmd, "bottle glass");
      t.color.use(cmd, access::kColorAttachment);
      t.depth.use(cmd, access::kDepthReadOnly);
      t.scene_color.use(cmd, access::kShaderSampled);
      begin_rendering(cmd, {{&t.color}}, {&t.depth, false, 1.0f, true});
      glass_.bind(cmd);
      vkCmdSetCullMode(cmd, front ? VK_CULL_MODE_BACK_BIT : VK_CULL_MODE_FRONT_BIT);
      DescriptorWrites()
          .uniform_buffer(0, frame_ubo)
          .storage_buffer(1, containers_.handle())
          .sampled_image(2, t.scene_color.view(), frame.linear_clamp.handle())
          .push(ctx_, cmd, glass_);
      glass.front = front ? 1u : 0u;
      glass_.push_constants(cmd, glass);
      draw_vertices(cmd, meshes.container, meshes.container_vertices);
      vkCmdEndRendering(cmd);
    };

    // The far wall first: it is behind the liquid.
    draw_glass(false);
    // An empty container is glass only (and may hold other things: a poured liquid's particles).
    if (!draw.liquid->state().empty) {
      PassScope pass(frame.timer, cmd, "bottle liquid depth");
      front_normal_.use(cmd, access::kColorAttachment);
      front_depth_image_.use(cmd, access::kDepthAttachment);
      back_depth_image_.use(cmd, access::kDepthAttachment);
      t.scene_depth.use(cmd, access::kShaderSampled);
      struct Side {
        Pipeline* pipeline;
        bool color;
        Image* depth;
      };
      for (const Side& side :
           {Side{&front_depth_, true, &front_depth_image_}, Side{&back_depth_, false, &back_depth_image_}}) {
        if (side.color) {
          begin_rendering(cmd, {{&front_normal_}}, {side.depth});
        } else {
          begin_rendering(cmd, {}, {side.depth});
        }
        clear_rect(cmd, rect, side.color, true);
        side.pipeline->bind(cmd);
        DescriptorWrites()
            .uniform_buffer(0, frame_ubo)
            .storage_buffer(1, containers_.handle())
            .sampled_image(2, t.scene_depth.view(), frame.nearest_clamp.handle())
            .push(ctx_, cmd, *side.pipeline);
        side.pipeline->push_constants(cmd, shared::BottleMeshPush{index});
        draw_vertices(cmd, meshes.liquid, meshes.liquid_vertices);
        vkCmdEndRendering(cmd);
      }
    }
    if (!draw.liquid->state().empty) {
      PassScope pass(frame.timer, cmd, "bottle composite");
      front_depth_image_.use(cmd, access::kDepthSampled);
      back_depth_image_.use(cmd, access::kDepthSampled);
      front_normal_.use(cmd, access::kComputeSampled);
      t.color.use(cmd, access::kComputeReadWrite);
      composite_.bind(cmd);
      DescriptorWrites()
          .uniform_buffer(0, frame_ubo)
          .storage_buffer(1, containers_.handle())
          .storage_buffer(2, bubbles_.handle())
          .sampled_image(3, front_depth_image_.view(), frame.nearest_clamp.handle(),
                         VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL)
          .sampled_image(4, front_normal_.view(), frame.nearest_clamp.handle())
          .sampled_image(5, back_depth_image_.view(), frame.nearest_clamp.handle(),
                         VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL)
          .sampled_image(6, t.scene_color.view(), frame.linear_clamp.handle())
          .sampled_image(7, t.scene_depth.view(), frame.nearest_clamp.handle())
          .storage_image(8, t.color.view())
          .storage_image(9, entry_target.view())
          .storage_image(10, bubble_target.view())
          .push(ctx_, cmd, composite_);
      const shared::BottleCompositePush push{
          index, bubble_offset[k], bubble_count[k], debug_entry_ ? 1u : 0u,
          glm::ivec4(rect.offset.x, rect.offset.y, int(rect.extent.width), int(rect.extent.height))};
      composite_.push_constants(cmd, push);
      Pipeline::dispatch_2d(cmd, rect.extent.width, rect.extent.height);
    }
    {
      // The near wall refracts the liquid just drawn.
      PassScope pass(frame.timer, cmd, "bottle copy refresh");
      frame.renderer.refresh_scene_copy(frame, rect);
    }
    draw_glass(true);
    dirty = merged(dirty, rect);
  }
  if (reference_pass_) record_reference(frame, order);
}

void BottleRenderer::record_reference(FrameContext& frame, const std::vector<std::size_t>& order) {
  PassScope pass(frame.timer, frame.cmd, "bottle reference (opaque meshes)");
  VkCommandBuffer cmd = frame.cmd;
  reference_color_.use(cmd, access::kColorAttachment);
  reference_depth_.use(cmd, access::kDepthAttachment);
  begin_rendering(cmd, {{&reference_color_, true}}, {&reference_depth_, true, 1.0f});
  reference_.bind(cmd);
  DescriptorWrites()
      .uniform_buffer(0, frame.frame_uniforms.handle())
      .storage_buffer(1, containers_.handle())
      .push(ctx_, cmd, reference_);
  for (std::uint32_t k = 0; k < order.size(); ++k) {  // the containers buffer is in drawing order
    const ShapeMeshes& meshes = *meshes_[&draws_[order[k]].liquid->shape()];
    reference_.push_constants(cmd, shared::BottleMeshPush{k});
    draw_vertices(cmd, meshes.liquid, meshes.liquid_vertices);
    draw_vertices(cmd, meshes.container, meshes.container_vertices);
  }
  vkCmdEndRendering(cmd);
}

}  // namespace lfx::gpu
