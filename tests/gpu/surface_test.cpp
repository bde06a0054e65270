// The surface: a host's particle buffer (any layout) drawn as one liquid. A sphere of particles
// becomes a smooth sphere of the right depth, silhouette and thickness; attach, update and
// detach check their inputs; detaching while frames are in flight is safe.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <deque>
#include <glm/geometric.hpp>
#include <glm/matrix.hpp>
#include <optional>

#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/effects/surface_renderer.h"
#include "liquidfx/gpu/pipeline.h"
#include "liquidfx/gpu/render/frame_renderer.h"
#include "liquidfx/gpu/render/room.h"
#include "liquidfx/gpu/transfer.h"
#include "support/golden.h"
#include "support/gpu_test.h"
#include "support/host_command_buffer.h"

namespace lfx::test {
namespace {

constexpr float kRadius = 0.1f;     // the sphere of liquid (m)
constexpr float kSpacing = 0.008f;  // of the particles' lattice (m)
constexpr glm::vec3 kCentre{0.0f, 0.6f, 0.0f};

class SurfaceTest : public GpuTest {
 protected:
  // A host's buffer: records of 32 bytes, the position then the velocity, filling a sphere on a
  // lattice.
  gpu::ParticleSource sphere_of_particles(glm::vec3 centre = kCentre, float radius = kRadius, float spacing = kSpacing,
                                          glm::vec3 velocity = glm::vec3(0.0f)) {
    std::vector<glm::vec4> records;
    const int n = int(radius / spacing);
    for (int z = -n; z <= n; ++z)
      for (int y = -n; y <= n; ++y)
        for (int x = -n; x <= n; ++x) {
          const glm::vec3 p = (glm::vec3(x, y, z) + 0.5f) * spacing;
          if (glm::length(p) <= radius - 0.5f * spacing)
            records.insert(records.end(), {glm::vec4(centre + p, 1.0f), glm::vec4(velocity, 0.0f)});
        }
    gpu::Buffer& buffer = buffers_.emplace_back();
    auto made = gpu::Buffer::create(ctx(), records.size() * sizeof(glm::vec4),
                                    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                    gpu::MemoryUsage::device, "test particles");
    EXPECT_TRUE(made);
    buffer = std::move(made.value());
    EXPECT_TRUE(gpu::upload_buffer(ctx(), buffer, std::as_bytes(std::span(records))));
    gpu::ParticleSource s;
    s.buffer = buffer.handle();
    s.buffer_bytes = buffer.size();
    s.stride = 32;
    s.position_offset = 0;
    s.velocity_offset = 16;
    s.count = std::uint32_t(records.size() / 2);
    s.radius = 0.5f * spacing;
    return s;
  }

  // The texels of a surface's filtered field after the last frame.
  std::vector<glm::vec2> field_of(gpu::SurfaceRenderer& r, const std::string& name) {
    gpu::Image& field = *r.filtered(name);
    auto bytes = gpu::read_image(ctx(), field, 8);
    EXPECT_TRUE(bytes);
    std::vector<glm::vec2> texels(std::size_t(field.width()) * field.height());
    std::memcpy(texels.data(), bytes->data(), texels.size() * sizeof(glm::vec2));
    return texels;
  }

  // A frame of width x height with the default room and a surface renderer, the camera 0.6 m in
  // front of the ball's centre (offset by `eye`).
  struct Stage {
    std::unique_ptr<gpu::FrameRenderer> frame;
    std::unique_ptr<gpu::Room> room;
    std::unique_ptr<gpu::SurfaceRenderer> surfaces;
    Camera camera;
    std::optional<glm::mat4> projection;  ///< Instead of the camera's.
    // The frame's view through the camera.
    gpu::FrameView view() const {
      gpu::FrameView v = gpu::FrameView::through(camera, frame->targets().width(), frame->targets().height());
      if (projection) v.projection = *projection;
      return v;
    }
  };
  Stage stage(std::uint32_t width, std::uint32_t height, glm::vec3 eye = {0.0f, 0.0f, 0.6f}) {
    Stage s;
    auto frame = gpu::FrameRenderer::create(ctx(), width, height);
    auto room = gpu::Room::create(ctx(), {});
    auto surfaces = gpu::SurfaceRenderer::create(ctx());
    EXPECT_TRUE(frame && room && surfaces);
    s.frame = std::move(frame.value());
    s.room = std::move(room.value());
    s.surfaces = std::move(surfaces.value());
    s.camera.position = kCentre + eye;
    s.camera.target = kCentre;
    return s;
  }
  Result<ImageRgba8> render(Stage& s) {
    gpu::FramePasses* passes[] = {s.room.get(), s.surfaces.get()};
    return s.frame->render(s.view(), passes);
  }

  std::deque<gpu::Buffer> buffers_;
};

// A projection of the frame's: forward depth (the camera's), reversed with an infinite far plane,
// or orthographic (0.5 m tall); each with the same vertical field as the camera.
enum class Projection { forward, reversed_infinite, orthographic };

glm::mat4 projection_of(Projection kind, const Camera& camera, float aspect) {
  glm::mat4 p = camera.projection(aspect);
  if (kind == Projection::reversed_infinite) {
    // Depth n / z: 1 at the near plane, 0 at infinity.
    p[2][2] = 0.0f;
    p[3][2] = camera.near_plane;
  } else if (kind == Projection::orthographic) {
    p = glm::mat4(1.0f);
    p[0][0] = 2.0f / (0.5f * aspect);
    p[1][1] = -2.0f / 0.5f;  // Vulkan's y points down
    p[2][2] = -1.0f / (camera.far_plane - camera.near_plane);
    p[3][2] = -camera.near_plane / (camera.far_plane - camera.near_plane);
  }
  return p;
}

// The sphere of particles against the analytic sphere, every surface pixel's ray under the
// projection: its depth away from the silhouette, its silhouette's area and its thickness.
void expect_the_sphere(const std::vector<glm::vec2>& texels, int w, int h, const glm::mat4& projection,
                       const char* name) {
  int inside = 0, covered = 0, compared = 0;
  float worst = 0.0f;
  const glm::vec3 centre(0.0f, 0.0f, -0.6f);  // view space: the camera looks down -z at the centre
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const glm::vec2 ndc((float(x) + 0.5f) / float(w) * 2.0f - 1.0f, (float(y) + 0.5f) / float(h) * 2.0f - 1.0f);
      // The pixel's ray, from the inverse projection (the shaders use the matrix's terms).
      const glm::mat4 inverse = glm::inverse(projection);
      const glm::vec4 a = inverse * glm::vec4(ndc, 0.25f, 1.0f), b = inverse * glm::vec4(ndc, 0.75f, 1.0f);
      const glm::vec3 from = glm::vec3(a) / a.w;
      glm::vec3 dir = glm::normalize(glm::vec3(b) / b.w - from);
      if (dir.z > 0.0f) dir = -dir;  // away from the eye (reversed depth runs the other way)
      const glm::vec3 to_centre = centre - from;
      const float along = glm::dot(dir, to_centre);
      const float disc = along * along - glm::dot(to_centre, to_centre) + kRadius * kRadius;
      const float depth = texels[std::size_t(y) * w + x].x;
      if (depth > 0.0f) ++covered;
      if (disc <= 0.0f) continue;
      ++inside;
      // Away from the silhouette (where the lattice's steps show most), the filtered depth is
      // the sphere's to within a particle spacing (the lattice's own surface is within half a
      // spacing of the sphere; the filter averages towards the deeper neighbours of a convex
      // surface by a few millimetres).
      if (disc < 0.5f * kRadius * kRadius) continue;
      const float analytic = -(from + dir * (along - std::sqrt(disc))).z;
      ASSERT_GT(depth, 0.0f) << name << ": " << x << ", " << y;
      worst = std::max(worst, std::abs(depth - analytic));
      ++compared;
    }
  std::printf("%s: %d pixels inside the analytic silhouette, %d covered; depth within %.4f m over %d\n", name, inside,
              covered, worst, compared);
  EXPECT_GT(compared, 500) << name;
  EXPECT_LT(worst, kSpacing) << name;
  // The silhouette is not pulled inward (nor blown up) by more than a tenth of its area.
  EXPECT_NEAR(double(covered), double(inside), 0.1 * inside) << name;
  // Through the centre the liquid is the diameter thick.
  const glm::vec2 middle = texels[std::size_t(h / 2) * w + w / 2];
  std::printf("%s: thickness through the centre %.4f m (diameter %.4f m)\n", name, middle.y, 2.0f * kRadius);
  EXPECT_NEAR(middle.y, 2.0f * kRadius, 0.15f * 2.0f * kRadius) << name;
}

TEST_F(SurfaceTest, ASphereOfParticlesBecomesASmoothSphereThroughAnyProjection) {
  const std::uint32_t width = 640, height = 360;
  const std::pair<Projection, const char*> kinds[] = {{Projection::forward, "forward depth"},
                                                      {Projection::reversed_infinite, "reversed, infinite far"},
                                                      {Projection::orthographic, "orthographic"}};
  for (const auto& [kind, name] : kinds) {
    Stage s = stage(width, height);
    s.projection = projection_of(kind, s.camera, float(width) / float(height));
    SurfaceKnobs knobs;
    ASSERT_TRUE(s.surfaces->attach("ball", sphere_of_particles(), knobs));
    ASSERT_TRUE(render(s));
    const int w = int(s.surfaces->filtered("ball")->width()), h = int(s.surfaces->filtered("ball")->height());
    expect_the_sphere(field_of(*s.surfaces, "ball"), w, h, *s.projection, name);
  }
}

TEST_F(SurfaceTest, AHostsComputeWriteJustBeforeTheFrameNeedsNoBarrierOfItsOwn) {
  // The host's simulation moves the particles in a compute pass recorded into the same command
  // buffer, right before the frame; liquidfx's barrier from the source's stated writes keeps
  // synchronization validation quiet for the raster splat (vertex and fragment reads) and the
  // compute splat alike, and the surface follows the moved particles.
  struct MovePush {
    glm::vec4 offset;
    std::uint32_t count, pad0, pad1, pad2;
  };
  auto mover =
      gpu::Pipeline::compute_spirv(ctx(), "host_particles.comp", test_shader("host_particles.comp"), sizeof(MovePush));
  ASSERT_TRUE(mover) << mover.error().message;
  for (const SurfaceSplat splat : {SurfaceSplat::raster, SurfaceSplat::compute}) {
    Stage s = stage(320, 180);
    const gpu::ParticleSource source = sphere_of_particles();  // stated: compute-shader writes
    SurfaceKnobs knobs;
    knobs.splat = splat;
    ASSERT_TRUE(s.surfaces->attach("ball", source, knobs));
    gpu::FramePasses* passes[] = {s.room.get(), s.surfaces.get()};
    const float step = 0.05f;  // to the right, each frame
    for (int frame = 0; frame < 2; ++frame) {
      ASSERT_TRUE(s.frame->prepare(s.view(), passes));
      ASSERT_TRUE(ctx().submit_and_wait([&](VkCommandBuffer cmd) {
        mover->bind(cmd);
        gpu::DescriptorWrites().storage_buffer(0, source.buffer).push(ctx(), cmd, *mover);
        mover->push_constants(cmd, MovePush{glm::vec4(step, 0.0f, 0.0f, 0.0f), source.count, 0, 0, 0});
        vkCmdDispatch(cmd, (source.count + 63) / 64, 1, 1);
        s.frame->record(cmd, passes);
      }));
    }
    // The ball's centre now lies 0.1 m to the right: its depth there is the sphere's nearest.
    const std::vector<glm::vec2> texels = field_of(*s.surfaces, "ball");
    const int w = int(s.surfaces->filtered("ball")->width()), h = int(s.surfaces->filtered("ball")->height());
    const glm::mat4 p = s.view().projection;
    const int moved_x = int((0.5f * (p[0][0] * 2.0f * step / 0.6f) + 0.5f) * float(w));
    EXPECT_NEAR(texels[std::size_t(h / 2) * w + moved_x].x, 0.6f - kRadius, kSpacing);
    EXPECT_EQ(texels[std::size_t(h / 2) * w + w / 2 - (moved_x - w / 2)].x, 0.0f);  // as far to the left: empty
  }
}

TEST_F(SurfaceTest, WithWriteDepthTheFramesDepthHoldsTheLiquidsNearestSurface) {
  // The frame's depth at the ball's centre: the room's wall behind it without write_depth, the
  // ball's front (0.6 m - its radius from the eye) with it, in forward and in reversed depth.
  for (const bool reversed : {false, true}) {
    for (const bool write : {false, true}) {
      Stage s = stage(320, 180);
      if (reversed) {
        glm::mat4 p = s.camera.projection(320.0f / 180.0f);
        p[2][2] = 0.0f;
        p[3][2] = s.camera.near_plane;
        s.projection = p;
      }
      SurfaceKnobs knobs;
      knobs.write_depth = write;
      ASSERT_TRUE(s.surfaces->attach("ball", sphere_of_particles(), knobs));
      ASSERT_TRUE(render(s));
      gpu::Image& depth = s.frame->targets().depth;
      auto bytes = gpu::read_image(ctx(), depth, 4);
      ASSERT_TRUE(bytes);
      float device = 0.0f;
      std::memcpy(&device, bytes->data() + (std::size_t(90) * 320 + 160) * 4, 4);
      const glm::mat4 p = s.view().projection;
      const float view_depth = (device * p[3][3] - p[3][2]) / (device * p[2][3] - p[2][2]);
      std::printf("%s depth, write_depth %d: the frame's depth at the ball's centre is %.4f m\n",
                  reversed ? "reversed" : "forward", int(write), view_depth);
      if (write)
        EXPECT_NEAR(view_depth, 0.6f - kRadius, kSpacing);
      else
        EXPECT_GT(view_depth, 1.0f);  // the room behind
    }
  }
}

TEST_F(SurfaceTest, RasterAndComputeSplatsMakeTheSamePicture) {
  // The compute splat binned into tiles, the compute splat scattering, and the raster splat. Far,
  // the binned splat lists every particle in its tiles; close (5 cm from the nearest), each spans
  // more tiles than a list takes and is scattered with per-pixel atomics.
  struct Way {
    SurfaceSplat splat;
    SurfaceBinning binning;
    const char* name;
  };
  const Way ways[] = {{SurfaceSplat::compute, SurfaceBinning::tiles, "tiles"},
                      {SurfaceSplat::compute, SurfaceBinning::scatter, "scatter"},
                      {SurfaceSplat::raster, SurfaceBinning::automatic, "raster"}};
  for (const glm::vec3 eye : {glm::vec3(0.1f, 0.05f, 0.6f), glm::vec3(0.02f, 0.0f, 0.15f)}) {
    Stage s = stage(640, 360, eye);
    SurfaceKnobs knobs;
    ASSERT_TRUE(s.surfaces->attach("ball", sphere_of_particles(), knobs));
    std::vector<std::vector<glm::vec2>> fields;
    std::vector<ImageRgba8> images;
    for (const Way& way : ways) {
      knobs.splat = way.splat;
      knobs.binning = way.binning;
      auto image = render(s);
      ASSERT_TRUE(image);
      images.push_back(*image);
      fields.push_back(field_of(*s.surfaces, "ball"));
    }
    for (std::size_t w = 1; w < std::size(ways); ++w) {
      int covered[2] = {0, 0}, both = 0;
      double sum = 0.0;
      float worst = 0.0f;
      for (std::size_t i = 0; i < fields[0].size(); ++i) {
        const float a = fields[0][i].x, b = fields[w][i].x;
        covered[0] += a > 0.0f;
        covered[1] += b > 0.0f;
        if (a <= 0.0f || b <= 0.0f) continue;
        ++both;
        sum += std::abs(a - b);
        worst = std::max(worst, std::abs(a - b));
      }
      const ImageDifference picture = compare_images(images[0], images[w], 8);
      std::printf(
          "eye %.2f m away: tiles %d px, %s %d px; depth differs by %.3f mm on average, %.3f mm at most; "
          "%.2f %% of the frame's pixels differ by more than 8\n",
          double(glm::length(eye)), covered[0], ways[w].name, covered[1], 1000.0 * sum / both, 1000.0 * worst,
          100.0 * picture.share_differing);
      EXPECT_GT(covered[0], 3000);
      EXPECT_NEAR(double(covered[1]), double(covered[0]), 0.01 * covered[0]);
      EXPECT_LT(sum / both, 0.0001);
      EXPECT_LT(picture.share_differing, 0.01);
    }
  }
}

TEST_F(SurfaceTest, FastParticlesStretchAlongTheirMotionAndKeepTheirVolume) {
  // The same ball at rest and flying sideways at 2 m/s with the longest stretch (4x).
  Stage s = stage(640, 360);
  SurfaceKnobs knobs;
  knobs.stretch = 0.1f;
  knobs.filter_iterations = 0;  // the splat's own sums: the filter's blur leaves the silhouette
  struct Measured {
    int row = 0, column = 0;  // covered texels through the middle, across and down
    double thickness = 0.0;   // summed over every texel (m)
  };
  std::vector<Measured> measured;
  for (const glm::vec3 velocity : {glm::vec3(0.0f), glm::vec3(2.0f, 0.0f, 0.0f)}) {
    ASSERT_TRUE(s.surfaces->attach("ball", sphere_of_particles(kCentre, 0.05f, kSpacing, velocity), knobs));
    ASSERT_TRUE(render(s));
    const auto texels = field_of(*s.surfaces, "ball");
    const int w = int(s.surfaces->filtered("ball")->width()), h = int(s.surfaces->filtered("ball")->height());
    Measured m;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const glm::vec2 t = texels[std::size_t(y) * w + x];
        m.thickness += t.y;
        if (y == h / 2) m.row += t.x > 0.0f;
        if (x == w / 2) m.column += t.x > 0.0f;
      }
    std::printf("speed %.0f m/s: %d texels across, %d down, thickness summed %.3f m\n", double(velocity.x), m.row,
                m.column, m.thickness);
    measured.push_back(m);
    ASSERT_TRUE(s.surfaces->detach("ball"));
  }
  EXPECT_LE(std::abs(measured[0].row - measured[0].column), 2);
  // Lengthened by up to 3 x 6 mm each way: about 6 texels a side at this distance.
  EXPECT_GE(measured[1].row - measured[1].column, 6);
  EXPECT_LE(std::abs(measured[1].column - measured[0].column), 2);
  EXPECT_NEAR(measured[1].thickness, measured[0].thickness, 0.03 * measured[0].thickness);
}

TEST_F(SurfaceTest, FoamyParticlesWhitenTheLiquidWithSprites) {
  // The same ball without foam and with every particle fully foamy (the records' fourth float,
  // 1, read as the foam weight): the foam sprites' layer turns its middle white.
  Stage s = stage(320, 180);
  SurfaceKnobs knobs;
  double brightness[2], spread[2];
  for (int foamy = 0; foamy < 2; ++foamy) {
    gpu::ParticleSource source = sphere_of_particles();
    if (foamy) source.foam_offset = 12u;
    ASSERT_TRUE(s.surfaces->attach("ball", source, knobs));
    auto image = render(s);
    ASSERT_TRUE(image);
    // The mean of the middle 20 x 20 pixels, and how far blue stands above red there.
    double sum = 0.0, blue_over_red = 0.0;
    for (int y = 80; y < 100; ++y)
      for (int x = 150; x < 170; ++x) {
        const std::uint8_t* p = image->at(x, y);
        sum += (p[0] + p[1] + p[2]) / 3.0;
        blue_over_red += p[2] - p[0];
      }
    brightness[foamy] = sum / 400.0;
    spread[foamy] = blue_over_red / 400.0;
    ASSERT_TRUE(s.surfaces->detach("ball"));
  }
  std::printf("middle of the ball: brightness %.1f without foam, %.1f with; blue over red %.1f and %.1f\n",
              brightness[0], brightness[1], spread[0], spread[1]);
  EXPECT_GT(brightness[1], brightness[0] + 40.0);
  EXPECT_LT(spread[1], 0.5 * spread[0]);  // white, not the liquid's blue
}

TEST_F(SurfaceTest, TwoSurfacesAtDifferentRadiiKeepToThemselvesInOneFrame) {
  // A coarse ball (8 mm particles) left, a fine one (3 mm) right, in one frame.
  Stage s = stage(640, 360, {0.0f, 0.0f, 0.7f});
  SurfaceKnobs coarse_look, fine_look;
  const glm::vec3 left = kCentre - glm::vec3(0.15f, 0, 0), right = kCentre + glm::vec3(0.15f, 0, 0);
  ASSERT_TRUE(s.surfaces->attach("coarse", sphere_of_particles(left, 0.08f, 0.008f), coarse_look));
  ASSERT_TRUE(s.surfaces->attach("fine", sphere_of_particles(right, 0.08f, 0.003f), fine_look));
  ASSERT_TRUE(render(s));
  const auto coarse = field_of(*s.surfaces, "coarse"), fine = field_of(*s.surfaces, "fine");
  const int w = int(s.surfaces->filtered("coarse")->width()), h = int(s.surfaces->filtered("coarse")->height());
  // Each holds its own ball only, and both balls cover about the same area (the coarse lattice
  // is a little smaller: its outer particles sit half a spacing inside the sphere).
  int coarse_left = 0, coarse_right = 0, fine_left = 0, fine_right = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::size_t i = std::size_t(y) * w + x;
      (x < w / 2 ? coarse_left : coarse_right) += coarse[i].x > 0.0f;
      (x < w / 2 ? fine_left : fine_right) += fine[i].x > 0.0f;
    }
  EXPECT_GT(coarse_left, 1000);
  EXPECT_EQ(coarse_right, 0);
  EXPECT_EQ(fine_left, 0);
  EXPECT_NEAR(double(fine_right), double(coarse_left), 0.15 * coarse_left);
}

TEST_F(SurfaceTest, AttachUpdateAndDetachCheckTheirInputs) {
  auto surfaces = gpu::SurfaceRenderer::create(ctx());
  ASSERT_TRUE(surfaces);
  gpu::SurfaceRenderer& r = **surfaces;
  SurfaceKnobs knobs;
  const gpu::ParticleSource good = sphere_of_particles();
  auto message = [](const Result<void>& result) { return result ? std::string() : result.error().message; };
  EXPECT_EQ(message(r.attach("lake", good, knobs)), "");
  EXPECT_NE(message(r.attach("lake", good, knobs)).find("surface \"lake\" is attached already"), std::string::npos);
  EXPECT_NE(message(r.update("pond", good)).find("surface \"pond\" is not attached"), std::string::npos);
  EXPECT_NE(message(r.detach("pond")).find("surface \"pond\" is not attached"), std::string::npos);
  // attach_or_update attaches a new name and updates an attached one (knobs included).
  EXPECT_FALSE(r.attached("pond"));
  SurfaceKnobs other;
  EXPECT_EQ(message(r.attach_or_update("pond", good, knobs)), "");
  EXPECT_TRUE(r.attached("pond"));
  EXPECT_EQ(message(r.attach_or_update("pond", good, other)), "");
  EXPECT_EQ(r.surfaces(), 2u);
  EXPECT_EQ(message(r.detach("pond")), "");
  EXPECT_FALSE(r.attached("pond"));
  struct Bad {
    gpu::ParticleSource source;
    const char* message;
  };
  std::vector<Bad> bad;
  bad.push_back({good, "the position (12 bytes at offset 0) does not fit in the stride of 8 bytes"});
  bad.back().source.stride = 8;
  bad.push_back({good, "the position offset 2 is not a multiple of 4 bytes"});
  bad.back().source.position_offset = 2;
  bad.push_back({good, "records of 32 bytes need"});
  bad.back().source.count = good.count + 1;
  bad.push_back({good, "the colour (12 bytes at offset 24) does not fit"});
  bad.back().source.color_offset = 24u;
  bad.push_back({good, "the radius must be a positive number"});
  bad.back().source.radius = 0.0f;
  for (const Bad& b : bad) {
    EXPECT_NE(message(r.attach("bad", b.source, knobs)).find(b.message), std::string::npos) << b.message;
    EXPECT_NE(message(r.update("lake", b.source)).find(b.message), std::string::npos) << b.message;
  }
  EXPECT_EQ(r.surfaces(), 1u);
  EXPECT_EQ(message(r.detach("lake")), "");
  EXPECT_EQ(r.surfaces(), 0u);
}

TEST_F(SurfaceTest, DetachingWhileAFrameIsInFlightIsSafe) {
  Stage s = stage(160, 90);
  SurfaceKnobs knobs;
  ASSERT_TRUE(s.surfaces->attach("ball", sphere_of_particles(), knobs));
  gpu::FramePasses* passes[] = {s.room.get(), s.surfaces.get()};
  ASSERT_TRUE(s.frame->prepare(s.view(), passes));
  HostCommandBuffer cmd(ctx());
  ASSERT_TRUE(cmd.begin());
  s.frame->record(cmd.get(), passes);
  ASSERT_TRUE(cmd.end());
  auto serial = ctx().submit(cmd.get());
  ASSERT_TRUE(serial);
  // The frame may still run: the surface's targets wait in the retired list until it completed.
  const std::size_t before = ctx().retired_count();
  ASSERT_TRUE(s.surfaces->detach("ball"));
  EXPECT_GE(ctx().retired_count(), before + 3);
  ASSERT_TRUE(ctx().wait_for(*serial));
  ASSERT_TRUE(render(s));  // no surface left: nothing of it runs
}

}  // namespace
}  // namespace lfx::test
