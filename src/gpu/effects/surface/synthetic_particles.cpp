#include "liquidfx/gpu/effects/synthetic_particles.h"

#include <cmath>
#include <cstdio>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <vector>

#include "liquidfx/gpu/barriers.h"
#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/transfer.h"
#include "liquidfx/shared/surface.h"

namespace lfx::gpu {

Result<glm::ivec3> SyntheticParticles::lattice(const SyntheticSetup& setup) {
  if (!(setup.spacing > 0.0f) || !std::isfinite(setup.spacing))
    return input_error("synthetic particles: the spacing must be a positive number of metres");
  // Counted in doubles before anything is converted to int (a fine spacing overflows one); the
  // count a side is the float quotient's, as the lattice below steps in floats.
  const glm::dvec3 n = glm::max(glm::dvec3(glm::floor(setup.size / setup.spacing)), glm::dvec3(1.0));
  const double total = n.x * n.y * n.z;
  if (!(total <= double(kMaxSyntheticParticles))) {
    char text[200];
    std::snprintf(text, sizeof(text), "synthetic particles: %.4g particles at a spacing of %.4g m (at most %u)", total,
                  double(setup.spacing), kMaxSyntheticParticles);
    return input_error(text);
  }
  return glm::ivec3(n);
}

Result<std::unique_ptr<SyntheticParticles>> SyntheticParticles::create(Context& ctx, const SyntheticSetup& setup) {
  std::unique_ptr<SyntheticParticles> p(new SyntheticParticles(ctx));
  p->setup_ = setup;
  LFX_TRY_ASSIGN(const glm::ivec3 n, lattice(setup));
  std::vector<glm::vec4> rest;
  const glm::vec3 corner = setup.shape == SyntheticShape::lake
                               ? setup.centre - glm::vec3(0.5f * setup.size.x, 0.0f, 0.5f * setup.size.z)
                               : setup.centre - 0.5f * setup.size;
  for (int z = 0; z < n.z; ++z)
    for (int y = 0; y < n.y; ++y)
      for (int x = 0; x < n.x; ++x) {
        const glm::vec3 q = corner + (glm::vec3(x, y, z) + 0.5f) * setup.spacing;
        if (setup.shape == SyntheticShape::sphere && glm::length(q - setup.centre) > 0.5f * setup.size.x) continue;
        rest.push_back(glm::vec4(q, 1.0f));
      }
  if (rest.empty()) {
    char text[200];
    std::snprintf(text, sizeof(text),
                  "synthetic particles: no particle of the spacing (%.4g m) fits in the sphere (%.4g m across)",
                  double(setup.spacing), double(setup.size.x));
    return input_error(text);
  }
  p->count_ = std::uint32_t(rest.size());
  // Records: the position, then the velocity (at rest until the waves move them).
  std::vector<glm::vec4> records;
  for (const glm::vec4& q : rest) records.insert(records.end(), {q, glm::vec4(0.0f)});
  const VkBufferUsageFlags usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  LFX_TRY_ASSIGN(p->rest_, Buffer::create(ctx, rest.size() * sizeof(glm::vec4), usage, MemoryUsage::device,
                                          "synthetic rest positions"));
  LFX_TRY_ASSIGN(p->records_, Buffer::create(ctx, records.size() * sizeof(glm::vec4), usage, MemoryUsage::device,
                                             "synthetic particles"));
  LFX_TRY(upload_buffer(ctx, p->rest_, std::as_bytes(std::span(rest))));
  LFX_TRY(upload_buffer(ctx, p->records_, std::as_bytes(std::span(records))));
  LFX_TRY_ASSIGN(p->waves_, Pipeline::compute(ctx, "surface/synthetic.comp", sizeof(shared::SurfaceSyntheticPush)));
  return p;
}

ParticleSource SyntheticParticles::source() const {
  ParticleSource s;
  s.buffer = records_.handle();
  s.buffer_bytes = records_.size();
  s.stride = 2 * sizeof(glm::vec4);
  s.velocity_offset = sizeof(glm::vec4);
  s.count = count_;
  s.radius = 0.5f * setup_.spacing;
  return s;
}

void SyntheticParticles::record(VkCommandBuffer cmd, double time) {
  if (setup_.shape != SyntheticShape::lake) return;
  // The previous frame's splat may still read the records.
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT, VK_ACCESS_2_NONE,
                 VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
  waves_.bind(cmd);
  DescriptorWrites().storage_buffer(0, rest_.handle()).storage_buffer(1, records_.handle()).push(ctx_, cmd, waves_);
  waves_.push_constants(cmd, shared::SurfaceSyntheticPush{count_, float(std::fmod(time, 3600.0)), setup_.wave_amplitude,
                                                          setup_.centre.y, setup_.size.y, 0, 0, 0});
  vkCmdDispatch(cmd, (count_ + 63) / 64, 1, 1);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
}

}  // namespace lfx::gpu
