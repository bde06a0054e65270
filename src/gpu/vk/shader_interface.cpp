#include "liquidfx/gpu/detail/shader_interface.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

namespace lfx::gpu {
namespace {

// The SPIR-V opcodes, decorations and storage classes the reflection reads (SPIR-V 1.6 spec).
enum Op : std::uint32_t {
  kOpTypeBool = 20,
  kOpTypeInt = 21,
  kOpTypeFloat = 22,
  kOpTypeVector = 23,
  kOpTypeMatrix = 24,
  kOpTypeImage = 25,
  kOpTypeSampler = 26,
  kOpTypeSampledImage = 27,
  kOpTypeArray = 28,
  kOpTypeRuntimeArray = 29,
  kOpTypeStruct = 30,
  kOpTypePointer = 32,
  kOpConstant = 43,
  kOpVariable = 59,
  kOpDecorate = 71,
  kOpMemberDecorate = 72,
};
enum Decoration : std::uint32_t {
  kBlock = 2,
  kBufferBlock = 3,
  kArrayStride = 6,
  kMatrixStride = 7,
  kBinding = 33,
  kDescriptorSet = 34,
  kOffset = 35,
};
enum StorageClass : std::uint32_t {
  kUniformConstant = 0,
  kUniform = 2,
  kPushConstant = 9,
  kStorageBuffer = 12,
};
constexpr std::uint32_t kMagic = 0x07230203;
constexpr std::uint32_t kImageDimBuffer = 5;

struct Type {
  std::uint32_t op = 0;
  std::vector<std::uint32_t> operands;  // the instruction's words after the result id
};

struct Module {
  std::unordered_map<std::uint32_t, Type> types;
  std::unordered_map<std::uint32_t, std::uint32_t> constants;  // id -> first value word
  std::unordered_map<std::uint32_t, std::uint32_t> binding, set, array_stride;
  std::unordered_map<std::uint32_t, bool> buffer_block;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> member_offset, member_matrix_stride;
  struct Variable {
    std::uint32_t id, pointer_type, storage;
  };
  std::vector<Variable> variables;
};

// Bytes a value of the type occupies in a block (arrays and matrices by their strides).
std::uint32_t size_of(const Module& m, std::uint32_t type_id, std::uint32_t matrix_stride = 0) {
  auto it = m.types.find(type_id);
  if (it == m.types.end()) return 0;
  const Type& t = it->second;
  switch (t.op) {
    case kOpTypeBool:
      return 4;
    case kOpTypeInt:
    case kOpTypeFloat:
      return t.operands[0] / 8;
    case kOpTypeVector:
      return size_of(m, t.operands[0]) * t.operands[1];
    case kOpTypeMatrix:
      return (matrix_stride ? matrix_stride : size_of(m, t.operands[0])) * t.operands[1];
    case kOpTypeArray: {
      auto length = m.constants.find(t.operands[1]);
      auto stride = m.array_stride.find(type_id);
      if (length == m.constants.end()) return 0;
      const std::uint32_t element = stride != m.array_stride.end() ? stride->second : size_of(m, t.operands[0]);
      return element * length->second;
    }
    case kOpTypeStruct: {
      std::uint32_t end = 0;
      for (std::uint32_t i = 0; i < t.operands.size(); ++i) {
        auto offset = m.member_offset.find({type_id, i});
        auto stride = m.member_matrix_stride.find({type_id, i});
        const std::uint32_t at = offset != m.member_offset.end() ? offset->second : 0;
        end =
            std::max(end, at + size_of(m, t.operands[i], stride != m.member_matrix_stride.end() ? stride->second : 0));
      }
      return end;
    }
    default:
      return 0;
  }
}

Result<Module> parse(std::string_view name, std::span<const std::uint32_t> code) {
  const std::string who(name);
  if (code.size() < 5 || code[0] != kMagic) return gpu_error(who + ": not SPIR-V");
  Module m;
  for (std::size_t at = 5; at < code.size();) {
    const std::uint32_t count = code[at] >> 16, op = code[at] & 0xffffu;
    if (count == 0 || at + count > code.size()) return gpu_error(who + ": truncated SPIR-V instruction");
    const std::uint32_t* w = code.data() + at;
    switch (op) {
      case kOpTypeBool:
      case kOpTypeInt:
      case kOpTypeFloat:
      case kOpTypeVector:
      case kOpTypeMatrix:
      case kOpTypeImage:
      case kOpTypeSampler:
      case kOpTypeSampledImage:
      case kOpTypeArray:
      case kOpTypeRuntimeArray:
      case kOpTypeStruct:
      case kOpTypePointer:
        if (count >= 2) m.types[w[1]] = {op, std::vector<std::uint32_t>(w + 2, w + count)};
        break;
      case kOpConstant:
        if (count >= 4) m.constants[w[2]] = w[3];
        break;
      case kOpVariable:
        if (count >= 4) m.variables.push_back({w[2], w[1], w[3]});
        break;
      case kOpDecorate:
        if (count >= 3) {
          if (w[2] == kBinding && count >= 4) m.binding[w[1]] = w[3];
          if (w[2] == kDescriptorSet && count >= 4) m.set[w[1]] = w[3];
          if (w[2] == kArrayStride && count >= 4) m.array_stride[w[1]] = w[3];
          if (w[2] == kBufferBlock) m.buffer_block[w[1]] = true;
        }
        break;
      case kOpMemberDecorate:
        if (count >= 5 && w[3] == kOffset) m.member_offset[{w[1], w[2]}] = w[4];
        if (count >= 5 && w[3] == kMatrixStride) m.member_matrix_stride[{w[1], w[2]}] = w[4];
        break;
      default:
        break;
    }
    at += count;
  }
  return m;
}

}  // namespace

Result<ShaderInterface> reflect_shader(std::string_view name, std::span<const std::uint32_t> spirv) {
  auto parsed = parse(name, spirv);
  if (!parsed) return parsed.error();
  const Module& m = *parsed;
  const std::string who(name);
  ShaderInterface out;
  for (const Module::Variable& v : m.variables) {
    auto pointer = m.types.find(v.pointer_type);
    if (pointer == m.types.end() || pointer->second.op != kOpTypePointer) continue;
    const std::uint32_t pointee = pointer->second.operands[1];
    if (v.storage == kPushConstant) {
      out.push_constant_bytes = size_of(m, pointee);
      continue;
    }
    if (v.storage != kUniformConstant && v.storage != kUniform && v.storage != kStorageBuffer) continue;
    auto binding = m.binding.find(v.id);
    if (binding == m.binding.end()) continue;
    auto set = m.set.find(v.id);
    if (set != m.set.end() && set->second != 0)
      return gpu_error(who + ": binding " + std::to_string(binding->second) + " is in descriptor set " +
                       std::to_string(set->second) + "; liquidfx binds set 0 only");
    auto type = m.types.find(pointee);
    if (type == m.types.end()) return gpu_error(who + ": binding " + std::to_string(binding->second) + " has no type");
    VkDescriptorType descriptor = VK_DESCRIPTOR_TYPE_MAX_ENUM;
    if (v.storage == kStorageBuffer || (v.storage == kUniform && m.buffer_block.count(pointee))) {
      descriptor = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    } else if (v.storage == kUniform) {
      descriptor = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    } else if (type->second.op == kOpTypeSampledImage) {
      descriptor = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    } else if (type->second.op == kOpTypeSampler) {
      descriptor = VK_DESCRIPTOR_TYPE_SAMPLER;
    } else if (type->second.op == kOpTypeImage && type->second.operands.size() >= 6) {
      const bool storage = type->second.operands[5] == 2, buffer = type->second.operands[1] == kImageDimBuffer;
      descriptor = buffer
                       ? (storage ? VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER : VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER)
                       : (storage ? VK_DESCRIPTOR_TYPE_STORAGE_IMAGE : VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE);
    }
    if (descriptor == VK_DESCRIPTOR_TYPE_MAX_ENUM)
      return gpu_error(who + ": binding " + std::to_string(binding->second) +
                       " is a resource liquidfx does not bind (arrays of descriptors are not supported)");
    out.bindings[binding->second] = descriptor;
  }
  return out;
}

Result<void> merge_interface(ShaderInterface& into, const ShaderInterface& stage, std::string_view name) {
  for (const auto& [binding, type] : stage.bindings) {
    auto [it, added] = into.bindings.emplace(binding, type);
    if (!added && it->second != type)
      return gpu_error(std::string(name) + ": binding " + std::to_string(binding) +
                       " has different types in its stages");
  }
  into.push_constant_bytes = std::max(into.push_constant_bytes, stage.push_constant_bytes);
  return success();
}

}  // namespace lfx::gpu
