#include "liquidfx/gpu/pipeline.h"

#include <cstddef>
#include <utility>

#include "liquidfx/gpu/detail/shader_interface.h"
#include "liquidfx/gpu/shader_library.h"
#include "liquidfx/shared/frame.h"

namespace lfx::gpu {
namespace {

class ShaderModule {
 public:
  ShaderModule(VkDevice device) : device_(device) {}
  ~ShaderModule() {
    if (module_) vkDestroyShaderModule(device_, module_, nullptr);
  }
  ShaderModule(const ShaderModule&) = delete;
  ShaderModule& operator=(const ShaderModule&) = delete;

  Result<void> load(std::string_view name) {
    auto code = shader_code(name);
    if (code.empty()) return input_error("no embedded shader named \"" + std::string(name) + "\"");
    return load(code);
  }
  Result<void> load(std::span<const std::uint32_t> code) {
    VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    info.codeSize = code.size_bytes();
    info.pCode = code.data();
    return vk_check(vkCreateShaderModule(device_, &info, nullptr, &module_), "vkCreateShaderModule");
  }
  VkShaderModule get() const { return module_; }

 private:
  VkDevice device_;
  VkShaderModule module_ = VK_NULL_HANDLE;
};

// A pipeline's specialisation constants as Vulkan takes them (the entries point into `constants`,
// which must outlive the pipeline's creation).
class Specialization {
 public:
  explicit Specialization(std::span<const SpecializationConstant> constants) {
    for (std::size_t i = 0; i < constants.size(); ++i)
      entries_.push_back({constants[i].id,
                          std::uint32_t(i * sizeof(SpecializationConstant) + offsetof(SpecializationConstant, value)),
                          sizeof(std::uint32_t)});
    info_.mapEntryCount = std::uint32_t(entries_.size());
    info_.pMapEntries = entries_.data();
    info_.dataSize = constants.size_bytes();
    info_.pData = constants.data();
  }
  const VkSpecializationInfo* get() const { return entries_.empty() ? nullptr : &info_; }

 private:
  std::vector<VkSpecializationMapEntry> entries_;
  VkSpecializationInfo info_{};
};

VkPipelineShaderStageCreateInfo stage_info(VkShaderStageFlagBits stage, VkShaderModule module,
                                           const Specialization& specialization) {
  VkPipelineShaderStageCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  info.stage = stage;
  info.module = module;
  info.pName = "main";
  info.pSpecializationInfo = specialization.get();
  return info;
}

VkPipelineColorBlendAttachmentState blend_state(BlendMode mode) {
  VkPipelineColorBlendAttachmentState s{};
  s.colorWriteMask =
      VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
  if (mode == BlendMode::none) return s;
  s.blendEnable = VK_TRUE;
  s.colorBlendOp = VK_BLEND_OP_ADD;
  s.alphaBlendOp = VK_BLEND_OP_ADD;
  switch (mode) {
    case BlendMode::alpha:
      s.srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA;
      s.dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
      s.srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
      s.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
      break;
    case BlendMode::premultiplied:
      s.srcColorBlendFactor = VK_BLEND_FACTOR_ONE;
      s.dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
      s.srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
      s.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
      break;
    case BlendMode::additive:
      s.srcColorBlendFactor = VK_BLEND_FACTOR_ONE;
      s.dstColorBlendFactor = VK_BLEND_FACTOR_ONE;
      s.srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
      s.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
      break;
    case BlendMode::none:
      break;
  }
  return s;
}

// A pipeline's C++ push-constant struct must be the size of its shaders' block: the one check
// that the two sides use the same struct of shaders/shared/.
Result<void> check_push_constants(std::string_view name, const ShaderInterface& shader,
                                  std::uint32_t push_constant_bytes) {
  if (shader.push_constant_bytes == push_constant_bytes) return success();
  return gpu_error(std::string(name) + ": the shader's push constants are " +
                   std::to_string(shader.push_constant_bytes) + " bytes, the C++ struct " +
                   std::to_string(push_constant_bytes) + " (they must be one struct of shaders/shared/)");
}

}  // namespace

Result<void> Pipeline::make_layout(const Context& ctx, const ShaderInterface& shader) {
  device_ = ctx.device();
  push_constant_bytes_ = shader.push_constant_bytes;
  bindings_ = shader.bindings;
  std::vector<VkDescriptorSetLayoutBinding> bindings;
  for (const auto& [binding, type] : shader.bindings)
    bindings.push_back({binding, type, 1, VK_SHADER_STAGE_ALL, nullptr});
  VkDescriptorSetLayoutCreateInfo set_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  set_info.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
  set_info.bindingCount = static_cast<std::uint32_t>(bindings.size());
  set_info.pBindings = bindings.data();
  if (auto r = vk_check(vkCreateDescriptorSetLayout(device_, &set_info, nullptr, &set_layout_),
                        "vkCreateDescriptorSetLayout");
      !r)
    return r;
  VkPushConstantRange range{VK_SHADER_STAGE_ALL, 0, push_constant_bytes_};
  VkPipelineLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layout_info.setLayoutCount = 1;
  layout_info.pSetLayouts = &set_layout_;
  layout_info.pushConstantRangeCount = push_constant_bytes_ > 0 ? 1 : 0;
  layout_info.pPushConstantRanges = &range;
  return vk_check(vkCreatePipelineLayout(device_, &layout_info, nullptr, &layout_), "vkCreatePipelineLayout");
}

Result<void> create_compute_pipelines(const Context& ctx, std::span<const ComputePipelineSpec> specs) {
  for (const ComputePipelineSpec& spec : specs) {
    LFX_TRY_ASSIGN(*spec.pipeline, Pipeline::compute(ctx, spec.shader, spec.push_constant_bytes));
  }
  return success();
}

Result<Pipeline> Pipeline::compute(const Context& ctx, std::string_view shader, std::uint32_t push_constant_bytes,
                                   std::span<const SpecializationConstant> constants) {
  auto code = shader_code(shader);
  if (code.empty()) return input_error("no embedded shader named \"" + std::string(shader) + "\"");
  return compute_spirv(ctx, shader, code, push_constant_bytes, constants);
}

Result<Pipeline> Pipeline::compute_spirv(const Context& ctx, std::string_view shader,
                                         std::span<const std::uint32_t> code, std::uint32_t push_constant_bytes,
                                         std::span<const SpecializationConstant> constants) {
  LFX_TRY_ASSIGN(const ShaderInterface interface, reflect_shader(shader, code));
  LFX_TRY(check_push_constants(shader, interface, push_constant_bytes));
  Pipeline p;
  p.bind_point_ = VK_PIPELINE_BIND_POINT_COMPUTE;
  LFX_TRY(p.make_layout(ctx, interface));
  ShaderModule module(ctx.device());
  LFX_TRY(module.load(code));
  VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  const Specialization specialization(constants);
  info.stage = stage_info(VK_SHADER_STAGE_COMPUTE_BIT, module.get(), specialization);
  info.layout = p.layout_;
  if (auto r = vk_check(vkCreateComputePipelines(ctx.device(), VK_NULL_HANDLE, 1, &info, nullptr, &p.pipeline_),
                        "vkCreateComputePipelines");
      !r)
    return Error{std::string(shader) + ": " + r.error().message, ErrorKind::gpu};
  const std::string name(shader);
  ctx.set_name(VK_OBJECT_TYPE_PIPELINE, reinterpret_cast<std::uint64_t>(p.pipeline_), name.c_str());
  return p;
}

Result<Pipeline> Pipeline::graphics(const Context& ctx, const GraphicsPipelineDesc& desc) {
  Pipeline p;
  p.bind_point_ = VK_PIPELINE_BIND_POINT_GRAPHICS;
  ShaderInterface interface;
  for (const std::string& stage : {desc.vertex_shader, desc.fragment_shader}) {
    auto code = shader_code(stage);
    if (code.empty()) return input_error("no embedded shader named \"" + stage + "\"");
    auto shader = reflect_shader(stage, code);
    if (!shader) return shader.error();
    LFX_TRY(merge_interface(interface, *shader, desc.name));
  }
  LFX_TRY(check_push_constants(desc.name, interface, desc.push_constant_bytes));
  LFX_TRY(p.make_layout(ctx, interface));
  ShaderModule vertex(ctx.device()), fragment(ctx.device());
  LFX_TRY(vertex.load(desc.vertex_shader));
  LFX_TRY(fragment.load(desc.fragment_shader));
  const Specialization specialization(desc.constants);
  const VkPipelineShaderStageCreateInfo stages[] = {
      stage_info(VK_SHADER_STAGE_VERTEX_BIT, vertex.get(), specialization),
      stage_info(VK_SHADER_STAGE_FRAGMENT_BIT, fragment.get(), specialization)};

  std::vector<VkVertexInputBindingDescription> bindings;
  std::vector<VkVertexInputAttributeDescription> attributes;
  for (std::uint32_t i = 0; i < desc.vertex_bindings.size(); ++i) {
    bindings.push_back({i, desc.vertex_bindings[i].stride, desc.vertex_bindings[i].rate});
    for (auto a : desc.vertex_bindings[i].attributes) {
      a.binding = i;
      attributes.push_back(a);
    }
  }
  VkPipelineVertexInputStateCreateInfo vertex_input{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  vertex_input.vertexBindingDescriptionCount = static_cast<std::uint32_t>(bindings.size());
  vertex_input.pVertexBindingDescriptions = bindings.data();
  vertex_input.vertexAttributeDescriptionCount = static_cast<std::uint32_t>(attributes.size());
  vertex_input.pVertexAttributeDescriptions = attributes.data();

  VkPipelineInputAssemblyStateCreateInfo assembly{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  assembly.topology = desc.topology;
  VkPipelineViewportStateCreateInfo viewport{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  viewport.viewportCount = 1;
  viewport.scissorCount = 1;
  VkPipelineRasterizationStateCreateInfo raster{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  raster.polygonMode = VK_POLYGON_MODE_FILL;
  raster.cullMode = desc.cull;
  raster.frontFace = desc.front_face;
  raster.lineWidth = 1.0f;
  VkPipelineMultisampleStateCreateInfo multisample{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
  VkPipelineDepthStencilStateCreateInfo depth{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  const bool has_depth = desc.depth_format != VK_FORMAT_UNDEFINED;
  depth.depthTestEnable = has_depth && desc.depth_test;
  depth.depthWriteEnable = has_depth && desc.depth_write;
  depth.depthCompareOp = desc.depth_compare;
  std::vector<VkPipelineColorBlendAttachmentState> blends(desc.color_formats.size(), blend_state(desc.blend));
  for (std::size_t i = 0; i < desc.color_writes.size() && i < blends.size(); ++i)
    if (!desc.color_writes[i]) blends[i].colorWriteMask = 0;
  VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  blend.attachmentCount = static_cast<std::uint32_t>(blends.size());
  blend.pAttachments = blends.data();

  std::vector<VkDynamicState> dynamic = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
  // The comparison follows the frame's depth direction, which the host may change any frame.
  p.depth_tested_ = depth.depthTestEnable == VK_TRUE;
  p.depth_compare_ = desc.depth_compare;
  if (p.depth_tested_) dynamic.push_back(VK_DYNAMIC_STATE_DEPTH_COMPARE_OP);
  VkPipelineDynamicStateCreateInfo dynamic_info{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  dynamic_info.dynamicStateCount = static_cast<std::uint32_t>(dynamic.size());
  dynamic_info.pDynamicStates = dynamic.data();

  VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  rendering.colorAttachmentCount = static_cast<std::uint32_t>(desc.color_formats.size());
  rendering.pColorAttachmentFormats = desc.color_formats.data();
  rendering.depthAttachmentFormat = desc.depth_format;

  VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, &rendering};
  info.stageCount = 2;
  info.pStages = stages;
  info.pVertexInputState = &vertex_input;
  info.pInputAssemblyState = &assembly;
  info.pViewportState = &viewport;
  info.pRasterizationState = &raster;
  info.pMultisampleState = &multisample;
  info.pDepthStencilState = &depth;
  info.pColorBlendState = &blend;
  info.pDynamicState = &dynamic_info;
  info.layout = p.layout_;
  if (auto r = vk_check(vkCreateGraphicsPipelines(ctx.device(), VK_NULL_HANDLE, 1, &info, nullptr, &p.pipeline_),
                        "vkCreateGraphicsPipelines");
      !r)
    return Error{std::string(desc.name) + ": " + r.error().message, ErrorKind::gpu};
  ctx.set_name(VK_OBJECT_TYPE_PIPELINE, reinterpret_cast<std::uint64_t>(p.pipeline_), desc.name);
  return p;
}

namespace {

// The comparison that keeps the same fragments when the depth buffer runs from 1 (near) to 0.
VkCompareOp mirrored(VkCompareOp op) {
  switch (op) {
    case VK_COMPARE_OP_LESS:
      return VK_COMPARE_OP_GREATER;
    case VK_COMPARE_OP_LESS_OR_EQUAL:
      return VK_COMPARE_OP_GREATER_OR_EQUAL;
    case VK_COMPARE_OP_GREATER:
      return VK_COMPARE_OP_LESS;
    case VK_COMPARE_OP_GREATER_OR_EQUAL:
      return VK_COMPARE_OP_LESS_OR_EQUAL;
    default:
      return op;  // never, always, equal, not equal read the same both ways
  }
}

}  // namespace

void Pipeline::bind(VkCommandBuffer cmd, bool reversed_depth) const {
  bind(cmd);
  if (depth_tested_) vkCmdSetDepthCompareOp(cmd, reversed_depth ? mirrored(depth_compare_) : depth_compare_);
}

Pipeline::~Pipeline() {
  release();
}

Pipeline::Pipeline(Pipeline&& other) noexcept {
  *this = std::move(other);
}

Pipeline& Pipeline::operator=(Pipeline&& other) noexcept {
  if (this != &other) {
    release();
    device_ = std::exchange(other.device_, VK_NULL_HANDLE);
    pipeline_ = std::exchange(other.pipeline_, VK_NULL_HANDLE);
    layout_ = std::exchange(other.layout_, VK_NULL_HANDLE);
    set_layout_ = std::exchange(other.set_layout_, VK_NULL_HANDLE);
    bind_point_ = other.bind_point_;
    push_constant_bytes_ = other.push_constant_bytes_;
    bindings_ = std::move(other.bindings_);
    depth_tested_ = other.depth_tested_;
    depth_compare_ = other.depth_compare_;
  }
  return *this;
}

void Pipeline::release() {
  if (!device_) return;
  if (pipeline_) vkDestroyPipeline(device_, pipeline_, nullptr);
  if (layout_) vkDestroyPipelineLayout(device_, layout_, nullptr);
  if (set_layout_) vkDestroyDescriptorSetLayout(device_, set_layout_, nullptr);
  device_ = VK_NULL_HANDLE;
  pipeline_ = VK_NULL_HANDLE;
  layout_ = VK_NULL_HANDLE;
  set_layout_ = VK_NULL_HANDLE;
}

void Pipeline::push_constants(VkCommandBuffer cmd, const void* data, std::uint32_t bytes) const {
  assert(bytes <= push_constant_bytes_);
  vkCmdPushConstants(cmd, layout_, VK_SHADER_STAGE_ALL, 0, bytes, data);
}

void Pipeline::dispatch_2d(VkCommandBuffer cmd, std::uint32_t width, std::uint32_t height, std::uint32_t local_size) {
  vkCmdDispatch(cmd, (width + local_size - 1) / local_size, (height + local_size - 1) / local_size, 1);
}

Result<FrameGraphicsPipeline> FrameGraphicsPipeline::create(const Context& ctx, GraphicsPipelineDesc desc) {
  FrameGraphicsPipeline p;
  LFX_TRY_ASSIGN(p.pipeline_, Pipeline::graphics(ctx, desc));
  p.desc_ = std::move(desc);
  return p;
}

Result<void> FrameGraphicsPipeline::prepare(const Context& ctx, VkFormat depth_format, bool environment_cube) {
  if (depth_format == desc_.depth_format && environment_cube == environment_cube_) return success();
  GraphicsPipelineDesc desc = desc_;
  desc.depth_format = depth_format;
  std::erase_if(desc.constants,
                [](const SpecializationConstant& c) { return c.id == LFX_FRAME_ENVIRONMENT_CUBE_CONSTANT; });
  desc.constants.push_back({LFX_FRAME_ENVIRONMENT_CUBE_CONSTANT, environment_cube ? 1u : 0u});
  LFX_TRY_ASSIGN(Pipeline made, Pipeline::graphics(ctx, desc));
  ctx.retire(std::move(pipeline_));  // frames in flight may still draw with it
  pipeline_ = std::move(made);
  desc_ = std::move(desc);
  environment_cube_ = environment_cube;
  return success();
}

Result<EnvironmentComputePipeline> EnvironmentComputePipeline::create(const Context& ctx, std::string shader,
                                                                      std::uint32_t push_constant_bytes) {
  EnvironmentComputePipeline p;
  p.variants_ =
      SpecializedComputePipeline(std::move(shader), push_constant_bytes, 1u << LFX_FRAME_ENVIRONMENT_CUBE_CONSTANT);
  LFX_TRY(p.variants_.prepare(ctx, flags(false)));
  return p;
}

std::uint32_t EnvironmentComputePipeline::flags(bool environment_cube) {
  return environment_cube ? 1u << LFX_FRAME_ENVIRONMENT_CUBE_CONSTANT : 0u;
}

Result<void> EnvironmentComputePipeline::prepare(const Context& ctx, bool environment_cube) {
  return variants_.prepare(ctx, flags(environment_cube));
}

const Pipeline& EnvironmentComputePipeline::get(bool environment_cube) const {
  return variants_.get(flags(environment_cube));
}

SpecializedComputePipeline::SpecializedComputePipeline(std::string shader, std::uint32_t push_constant_bytes,
                                                       std::uint32_t constant_ids)
    : shader_(std::move(shader)), push_constant_bytes_(push_constant_bytes), constant_ids_(constant_ids) {}

Result<void> SpecializedComputePipeline::prepare(const Context& ctx, std::uint32_t flags) {
  flags &= constant_ids_;
  if (variants_.contains(flags)) return success();
  std::vector<SpecializationConstant> constants;
  for (std::uint32_t id = 0; id < 32; ++id)
    if (constant_ids_ & (1u << id)) constants.push_back({id, (flags >> id) & 1u});
  LFX_TRY_ASSIGN(Pipeline made, Pipeline::compute(ctx, shader_, push_constant_bytes_, constants));
  variants_.emplace(flags, std::move(made));
  return success();
}

}  // namespace lfx::gpu
