// The base of every GPU test: one validated Context per test binary, and a check after each
// test that the validation layer (with synchronization validation) reported nothing.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <string_view>

#include "liquidfx/gpu/context.h"

namespace lfx::test {

/// The shared Context: validation on, any device LIQUIDFX_DEVICE allows.
gpu::Context& gpu_context();

/// SPIR-V of a test shader under tests/gpu/shaders/ ("shared_math.comp").
std::span<const std::uint32_t> test_shader(std::string_view name);

class GpuTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;
  gpu::Context& ctx() { return gpu_context(); }

 private:
  std::uint64_t messages_before_ = 0;
};

}  // namespace lfx::test
