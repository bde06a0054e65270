// Compute and graphics pipelines (graphics through dynamic rendering, no render passes), built
// from embedded shaders. Resources are bound with push descriptors in set 0; parameters that
// change per draw go in push constants. The layout is read from the shaders' SPIR-V
// (detail/shader_interface.h): the C++ side names only the size of its push-constant struct (one of
// shaders/shared/), and a size that differs from the shader's block is an error.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/gpu/context.h"

namespace lfx::gpu {

struct ShaderInterface;  // what a shader's SPIR-V declares (read when the pipeline is made)

struct VertexBinding {
  std::uint32_t stride = 0;
  VkVertexInputRate rate = VK_VERTEX_INPUT_RATE_VERTEX;
  /// (location, format, offset) of each attribute read from this binding.
  std::vector<VkVertexInputAttributeDescription> attributes;
};

enum class BlendMode {
  none,           ///< Opaque: the fragment replaces the target.
  alpha,          ///< src.a * src + (1 - src.a) * dst.
  premultiplied,  ///< src + (1 - src.a) * dst.
  additive,       ///< src + dst.
};

/// A value for a shader's specialisation constant (`layout(constant_id = id) const ...`): a
/// 32-bit bool, int, uint or float's bits.
struct SpecializationConstant {
  std::uint32_t id = 0;
  std::uint32_t value = 0;
};

struct GraphicsPipelineDesc {
  const char* name = "graphics";
  std::string vertex_shader;                   ///< Name under shaders/, e.g. "render/room.vert".
  std::string fragment_shader;                 ///< Name under shaders/.
  std::uint32_t push_constant_bytes = 0;       ///< sizeof the push-constant struct; must match the shaders'.
  std::vector<VertexBinding> vertex_bindings;  ///< Binding i = vertex_bindings[i].
  std::vector<VkFormat> color_formats;
  VkFormat depth_format = VK_FORMAT_UNDEFINED;
  VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkCullModeFlags cull = VK_CULL_MODE_BACK_BIT;
  VkFrontFace front_face = VK_FRONT_FACE_COUNTER_CLOCKWISE;
  bool depth_test = true;
  bool depth_write = true;
  VkCompareOp depth_compare = VK_COMPARE_OP_LESS_OR_EQUAL;  ///< For forward depth; mirrored for reversed.
  BlendMode blend = BlendMode::none;                        ///< The same for every colour attachment.
  /// Which colour attachments the pipeline writes (empty: all); one flag per attachment.
  std::vector<bool> color_writes;
  /// Specialisation constants, for both stages (a stage that does not declare one ignores it).
  std::vector<SpecializationConstant> constants;
};

class Pipeline {
 public:
  /// A compute pipeline from an embedded compute shader whose push constants are
  /// `push_constant_bytes` (sizeof the shared struct; 0 for none).
  static Result<Pipeline> compute(const Context& ctx, std::string_view shader, std::uint32_t push_constant_bytes,
                                  std::span<const SpecializationConstant> constants = {});
  /// A compute pipeline from SPIR-V the caller brings (a host's own shader, a test's).
  static Result<Pipeline> compute_spirv(const Context& ctx, std::string_view name, std::span<const std::uint32_t> code,
                                        std::uint32_t push_constant_bytes,
                                        std::span<const SpecializationConstant> constants = {});
  static Result<Pipeline> graphics(const Context& ctx, const GraphicsPipelineDesc& desc);

  Pipeline() = default;
  ~Pipeline();
  Pipeline(Pipeline&& other) noexcept;
  Pipeline& operator=(Pipeline&& other) noexcept;
  Pipeline(const Pipeline&) = delete;
  Pipeline& operator=(const Pipeline&) = delete;

  VkPipeline handle() const { return pipeline_; }
  VkPipelineLayout layout() const { return layout_; }
  VkPipelineBindPoint bind_point() const { return bind_point_; }
  /// The descriptor type the shaders declare at a binding of set 0, or nullptr when they read
  /// nothing there.
  const VkDescriptorType* binding_type(std::uint32_t binding) const {
    auto it = bindings_.find(binding);
    return it == bindings_.end() ? nullptr : &it->second;
  }

  void bind(VkCommandBuffer cmd) const { vkCmdBindPipeline(cmd, bind_point_, pipeline_); }
  /// Binds a graphics pipeline that tests depth and sets its comparison for the frame's depth
  /// direction: the desc's (written for forward depth, near at 0) or, when `reversed_depth`,
  /// its mirror (LESS becomes GREATER). Such a pipeline must be bound this way.
  void bind(VkCommandBuffer cmd, bool reversed_depth) const;
  void push_constants(VkCommandBuffer cmd, const void* data, std::uint32_t bytes) const;
  template <class T>
  void push_constants(VkCommandBuffer cmd, const T& value) const {
    push_constants(cmd, &value, static_cast<std::uint32_t>(sizeof(T)));
  }
  /// Dispatches enough workgroups of local_size x local_size to cover width x height.
  static void dispatch_2d(VkCommandBuffer cmd, std::uint32_t width, std::uint32_t height, std::uint32_t local_size = 8);

 private:
  Result<void> make_layout(const Context& ctx, const ShaderInterface& shader);
  void release();
  VkDevice device_ = VK_NULL_HANDLE;
  VkPipeline pipeline_ = VK_NULL_HANDLE;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkDescriptorSetLayout set_layout_ = VK_NULL_HANDLE;
  VkPipelineBindPoint bind_point_ = VK_PIPELINE_BIND_POINT_COMPUTE;
  std::uint32_t push_constant_bytes_ = 0;
  std::map<std::uint32_t, VkDescriptorType> bindings_;
  bool depth_tested_ = false;                         // graphics: the compare op is dynamic state
  VkCompareOp depth_compare_ = VK_COMPARE_OP_ALWAYS;  // for forward depth
};

/// A graphics pipeline that draws into the frame's depth: made for the frame's depth format (a
/// host's D32, D24S8 or D16) and whether the frame has a host's environment cube (a shader that
/// calls frame_environment looks into it only then), and made again when either changes, the
/// old one retired.
class FrameGraphicsPipeline {
 public:
  /// Made at once for `desc.depth_format` (the frame's own depth format), without a cube.
  static Result<FrameGraphicsPipeline> create(const Context& ctx, GraphicsPipelineDesc desc);
  FrameGraphicsPipeline() = default;
  /// Before a frame whose depth has `depth_format` (FramePrepare::depth_format), with or without
  /// an environment cube (FramePrepare::environment_cube).
  Result<void> prepare(const Context& ctx, VkFormat depth_format, bool environment_cube = false);
  const Pipeline& get() const { return pipeline_; }

 private:
  GraphicsPipelineDesc desc_;
  bool environment_cube_ = false;
  Pipeline pipeline_;
};

/// A compute pipeline made for each combination of a few bool specialisation constants it is
/// used with, on first use, and kept. For branches a scene may never take: a CPU rasteriser
/// (lavapipe) runs both sides of every branch, so a branch no invocation takes still costs its
/// full price unless the pipeline is compiled without it.
class SpecializedComputePipeline {
 public:
  /// The shader's bool constants by id (`layout(constant_id = id) const bool`), at most 32
  /// ids below 32; each variant sets those whose bit is set in its flags and clears the rest.
  SpecializedComputePipeline(std::string shader, std::uint32_t push_constant_bytes, std::uint32_t constant_ids);
  SpecializedComputePipeline() = default;
  /// Makes the variant for `flags` (a bit per constant id; bits of ids the shader does not
  /// declare are ignored) unless it exists.
  Result<void> prepare(const Context& ctx, std::uint32_t flags);
  /// The variant for `flags`, prepared before.
  const Pipeline& get(std::uint32_t flags) const { return variants_.at(flags & constant_ids_); }

 private:
  std::string shader_;
  std::uint32_t push_constant_bytes_ = 0;
  std::uint32_t constant_ids_ = 0;  // a bit per declared id
  std::map<std::uint32_t, Pipeline> variants_;
};

/// A compute pipeline whose shader calls frame_environment (render/frame_block.glsl): made
/// without the host's environment cube, and with it the first time a frame has one (both are
/// kept). The cube is a specialisation constant, not a branch on a uniform, so that a frame
/// without a cube carries no cube lookup at all: a CPU rasteriser paid for the dead lookup on
/// every pixel (the bottle composite cost 14x as much with the branch).
class EnvironmentComputePipeline {
 public:
  static Result<EnvironmentComputePipeline> create(const Context& ctx, std::string shader,
                                                   std::uint32_t push_constant_bytes);
  EnvironmentComputePipeline() = default;
  /// Before a frame with or without a cube (FramePrepare::environment_cube).
  Result<void> prepare(const Context& ctx, bool environment_cube);
  /// The variant for a frame (FrameContext::environment_cube), prepared before.
  const Pipeline& get(bool environment_cube) const;

 private:
  static std::uint32_t flags(bool environment_cube);
  SpecializedComputePipeline variants_;
};

/// One compute pipeline of a renderer's set: where it goes, its embedded shader, the size of its
/// push-constant struct.
struct ComputePipelineSpec {
  Pipeline* pipeline;
  const char* shader;
  std::uint32_t push_constant_bytes;
};

/// Creates each spec's compute pipeline into spec.pipeline; the first failure is returned.
Result<void> create_compute_pipelines(const Context& ctx, std::span<const ComputePipelineSpec> specs);

}  // namespace lfx::gpu
