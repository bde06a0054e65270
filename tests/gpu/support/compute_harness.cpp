#include "support/compute_harness.h"

#include <cstring>

#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/pipeline.h"
#include "liquidfx/gpu/transfer.h"
#include "support/gpu_test.h"

namespace lfx::test {

Result<std::vector<glm::vec4>> run_compute(gpu::Context& ctx, std::string_view test_shader_name,
                                           std::span<const glm::vec4> inputs, std::size_t output_count,
                                           std::uint32_t invocations) {
  const auto code = test_shader(test_shader_name);
  if (code.empty()) return input_error("no test shader " + std::string(test_shader_name));
  auto pipeline = gpu::Pipeline::compute_spirv(ctx, test_shader_name, code, sizeof(std::uint32_t));
  if (!pipeline) return pipeline.error();
  const VkBufferUsageFlags usage =
      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT;
  auto in = gpu::Buffer::create(ctx, inputs.size_bytes(), usage, gpu::MemoryUsage::device, "test inputs");
  if (!in) return in.error();
  auto out =
      gpu::Buffer::create(ctx, output_count * sizeof(glm::vec4), usage, gpu::MemoryUsage::device, "test outputs");
  if (!out) return out.error();
  if (auto r = gpu::upload_buffer(ctx, *in, std::as_bytes(inputs)); !r) return r.error();
  auto ran = ctx.submit_and_wait([&](VkCommandBuffer cmd) {
    pipeline->bind(cmd);
    gpu::DescriptorWrites().storage_buffer(0, in->handle()).storage_buffer(1, out->handle()).push(ctx, cmd, *pipeline);
    pipeline->push_constants(cmd, invocations);
    vkCmdDispatch(cmd, (invocations + 63) / 64, 1, 1);
  });
  if (!ran) return ran.error();
  auto bytes = gpu::read_buffer(ctx, *out);
  if (!bytes) return bytes.error();
  std::vector<glm::vec4> result(output_count);
  std::memcpy(result.data(), bytes->data(), output_count * sizeof(glm::vec4));
  return result;
}

}  // namespace lfx::test
