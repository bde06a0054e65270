#include "support/gpu_test.h"

#include <cstdlib>
#include <memory>
#include <utility>

namespace lfx::gpu::detail {
std::span<const std::pair<std::string_view, std::span<const std::uint32_t>>> test_shaders();
}

namespace lfx::test {

gpu::Context& gpu_context() {
  static std::unique_ptr<gpu::Context> ctx = [] {
    gpu::ContextOptions options;
    options.validation = true;
    auto created = gpu::Context::create(options);
    if (!created) {
      ADD_FAILURE() << "cannot create a Vulkan context: " << created.error().message;
      std::abort();
    }
    return std::move(created.value());
  }();
  return *ctx;
}

std::span<const std::uint32_t> test_shader(std::string_view name) {
  for (const auto& [shader, code] : gpu::detail::test_shaders())
    if (shader == name) return code;
  return {};
}

void GpuTest::SetUp() {
  ASSERT_TRUE(ctx().validation_enabled()) << "the Khronos validation layer must be installed for GPU tests";
  messages_before_ = ctx().validation_messages();
}

void GpuTest::TearDown() {
  EXPECT_EQ(ctx().validation_messages(), messages_before_) << "Vulkan validation reported messages (see log)";
}

}  // namespace lfx::test
