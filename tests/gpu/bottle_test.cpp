// The bottle renderer: no liquid above the surface, bubbles below it, opaque objects in front
// hide both, a bottle seen through another shows its liquid; golden images of the demo scenes.
#include "liquidfx/shared/bottle.h"

#include <cstdio>
#include <cstring>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <map>
#include <utility>

#include "liquidfx/core/container/shapes.h"
#include "liquidfx/gpu/detail/bottle_probe.h"
#include "liquidfx/gpu/effects/bottle_layout.h"
#include "liquidfx/gpu/effects/bottle_renderer.h"
#include "liquidfx/gpu/render/frame_renderer.h"
#include "liquidfx/gpu/transfer.h"
#include "liquidfx/scene/player.h"
#include "liquidfx/shared/frame.h"
#include "support/golden.h"
#include "support/gpu_test.h"
#include "support/host_device_info.h"

namespace lfx::test {
namespace {

constexpr std::uint32_t kWidth = 240, kHeight = 180;

std::shared_ptr<const ContainerShape> shape_of(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const ContainerShape>> cache;
  auto& entry = cache[name];
  if (!entry) entry = *ContainerShape::create_named(name, 0.94f);
  return entry;
}

// Shakes and tilts a container for a second so that its surface is tilted, waving and agitated.
void slosh(LiquidContainer& c, glm::vec3 base) {
  for (int i = 0; i <= 60; ++i) {
    const float t = float(i) / 60.0f;
    const glm::vec3 p = base + glm::vec3(0.03f * std::sin(t * 18.0f), 0.0f, 0.02f * std::sin(t * 13.0f));
    c.update({p, glm::angleAxis(0.35f * t, glm::vec3(0, 0, 1))}, i ? 1.0 / 60.0 : 0.0);
  }
}

std::vector<glm::vec4> read_rgba32f(gpu::Context& ctx, gpu::Image& image) {
  auto bytes = gpu::read_image(ctx, image, 16);
  EXPECT_TRUE(bytes);
  std::vector<glm::vec4> out(bytes->size() / sizeof(glm::vec4));
  std::memcpy(out.data(), bytes->data(), bytes->size());
  return out;
}

class BottleTest : public GpuTest {
 protected:
  void SetUp() override {
    GpuTest::SetUp();
    auto renderer = gpu::FrameRenderer::create(ctx(), kWidth, kHeight);
    ASSERT_TRUE(renderer) << renderer.error().message;
    frame_ = std::move(renderer.value());
    for (gpu::Image* image : {&entry_, &bubble_}) {
      auto made = gpu::Image::create(
          ctx(),
          {kWidth, kHeight, VK_FORMAT_R32G32B32A32_SFLOAT, 1,
           VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, "debug"});
      ASSERT_TRUE(made);
      *image = std::move(made.value());
    }
    start_fresh_renderer();
  }
  // A bottle renderer that has drawn nothing yet.
  void start_fresh_renderer() {
    auto fresh = gpu::BottleRenderer::create(ctx());
    ASSERT_TRUE(fresh) << fresh.error().message;
    bottles_ = std::move(fresh.value());
    gpu::BottleProbe(*bottles_).set_debug_targets(&entry_, &bubble_);
  }
  void TearDown() override {
    bottles_.reset();
    frame_.reset();
    GpuTest::TearDown();
  }

  ImageRgba8 render(const gpu::RoomDesc& room_desc, const Camera& camera, std::vector<gpu::BottleDraw> draws) {
    auto room = gpu::Room::create(ctx(), room_desc);
    EXPECT_TRUE(room);
    EXPECT_TRUE(bottles_->set_containers(std::move(draws)));
    gpu::FramePasses* passes[] = {room->get(), bottles_.get()};
    gpu::FrameView view = gpu::FrameView::through(camera, kWidth, kHeight);
    view.lighting = (*room)->lighting();
    auto image = frame_->render(view, passes);
    EXPECT_TRUE(image) << (image ? "" : image.error().message);
    return image ? *image : ImageRgba8();
  }

  // The horizontal direction a room's shadows fall in.
  glm::vec3 away_from_sun(const gpu::RoomDesc& room_desc) {
    auto room = gpu::Room::create(ctx(), room_desc);
    EXPECT_TRUE(room);
    const glm::vec3 sun = room ? (*room)->lighting().sun_direction : glm::vec3(0.0f, 1.0f, 0.0f);
    return glm::normalize(-glm::vec3(sun.x, 0.0f, sun.z + 1e-6f));
  }

  // One container rendered without its shadow (first) and with it (second).
  std::pair<ImageRgba8, ImageRgba8> without_and_with_shadow(const gpu::RoomDesc& room, const Camera& camera,
                                                            const LiquidContainer& container) {
    gpu::GlassLook no_shadow;
    no_shadow.shadow = 0.0f;
    ImageRgba8 without = render(room, camera, {{&container, no_shadow}});
    return {std::move(without), render(room, camera, {{&container, {}}})};
  }

  std::unique_ptr<gpu::FrameRenderer> frame_;
  std::unique_ptr<gpu::BottleRenderer> bottles_;
  gpu::Image entry_, bubble_;
};

Camera looking_at(glm::vec3 eye, glm::vec3 target) {
  Camera c;
  c.position = eye;
  c.target = target;
  c.fov_y_degrees = 40.0f;
  return c;
}

TEST_F(BottleTest, NoLiquidAboveTheSurface) {
  SloshKnobs knobs;
  knobs.fill = 0.5f;
  knobs.noise_height = 0.004f;  // large ripples make it a harder case
  LiquidContainer bottle(shape_of("bottle"), knobs);
  slosh(bottle, glm::vec3(0.0f));
  ASSERT_GT(bottle.state().tilt_degrees(), 3.0f);
  ASSERT_GT(bottle.state().agitation, 0.2f);
  // From the side (the body) and from above (the top through the opening... of a tipped bottle).
  for (const Camera& camera : {looking_at({0.05f, 0.15f, 0.45f}, {0.0f, 0.1f, 0.0f}),
                               looking_at({0.25f, 0.45f, 0.15f}, {0.0f, 0.08f, 0.0f})}) {
    render({}, camera, {{&bottle, {}}});
    int liquid = 0;
    float worst = -1.0f;
    for (const glm::vec4& p : read_rgba32f(ctx(), entry_)) {
      if (p.w != 1.0f) continue;
      ++liquid;
      worst = std::max(worst, shared::liquid_surface_distance(bottle.gpu(), glm::vec3(p)));
    }
    EXPECT_GT(liquid, 1000);
    EXPECT_LT(worst, 2e-4f) << "liquid drawn " << worst * 1000.0f << " mm above the surface";
  }
}

// write_depth: every pixel where the liquid shows holds the liquid's depth in the frame's depth
// afterwards (at the view depth of where its ray entered the liquid); without it, the room's.
TEST_F(BottleTest, WriteDepthPutsTheLiquidIntoTheFramesDepth) {
  SloshKnobs knobs;
  knobs.fill = 0.6f;
  LiquidContainer bottle(shape_of("bottle"), knobs);
  slosh(bottle, glm::vec3(0.0f));
  const Camera camera = looking_at({0.05f, 0.15f, 0.45f}, {0.0f, 0.1f, 0.0f});
  const gpu::FrameView view = gpu::FrameView::through(camera, kWidth, kHeight);
  for (const bool write_depth : {false, true}) {
    SCOPED_TRACE(write_depth ? "write_depth" : "without");
    bottles_->set_write_depth(write_depth);
    render({}, camera, {{&bottle, {}}});
    const std::vector<glm::vec4> entries = read_rgba32f(ctx(), entry_);
    auto bytes = gpu::read_image(ctx(), frame_->targets().depth, 4);
    ASSERT_TRUE(bytes) << bytes.error().message;
    std::vector<float> depth(entries.size());
    std::memcpy(depth.data(), bytes->data(), depth.size() * sizeof(float));
    int liquid = 0, at_liquid = 0, behind = 0;
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (entries[i].w != 1.0f) continue;
      ++liquid;
      // The device depth of the entry's view depth on this pixel's ray.
      const glm::vec2 ndc((float(i % kWidth) + 0.5f) / kWidth * 2.0f - 1.0f,
                          (float(i / kWidth) + 0.5f) / kHeight * 2.0f - 1.0f);
      const float z = -(view.view * glm::vec4(glm::vec3(entries[i]), 1.0f)).z;
      const glm::vec4 clip = view.projection * glm::vec4(shared::view_ray_origin(ndc, view.projection) +
                                                             z * shared::view_ray_step(ndc, view.projection),
                                                         1.0f);
      const float expected = clip.z / clip.w;
      if (std::abs(depth[i] - expected) < 1e-5f) ++at_liquid;
      if (depth[i] > expected + 1e-4f) ++behind;
    }
    ASSERT_GT(liquid, 1000);
    if (write_depth) {
      EXPECT_GT(at_liquid, liquid * 99 / 100) << at_liquid << " of " << liquid << " liquid pixels at its depth";
    } else {
      EXPECT_GT(behind, liquid * 99 / 100) << behind << " of " << liquid << " liquid pixels hold the room behind";
    }
  }
}

TEST_F(BottleTest, BubblesStayBelowTheSurfaceAndBehindOpaqueObjects) {
  SloshKnobs knobs;
  knobs.fill = 0.6f;
  knobs.nucleation_rate = 200.0f;
  knobs.bubbles = 200;
  knobs.bubble_min_radius = 0.003f;  // a few pixels across
  knobs.bubble_max_radius = 0.006f;
  LiquidContainer bottle(shape_of("bottle"), knobs);
  slosh(bottle, glm::vec3(0.0f));
  ASSERT_GT(bottle.state().live_bubbles, 15);
  // An opaque box in front of the bottom of the bottle.
  gpu::RoomDesc room;
  room.props.push_back({gpu::PropShape::box, glm::vec3(0.0f, 0.02f, 0.12f), glm::vec3(0.2f, 0.04f, 0.02f)});
  const Camera camera = looking_at({0.0f, 0.12f, 0.45f}, {0.0f, 0.1f, 0.0f});
  render(room, camera, {{&bottle, {}}});
  const glm::mat4 view = camera.view();
  const std::vector<glm::vec4> entries = read_rgba32f(ctx(), entry_);
  const std::vector<glm::vec4> bubbles = read_rgba32f(ctx(), bubble_);
  auto bytes = gpu::read_image(ctx(), frame_->targets().scene_depth, 4);
  ASSERT_TRUE(bytes);
  std::vector<float> opaque(bytes->size() / 4);
  std::memcpy(opaque.data(), bytes->data(), bytes->size());
  int bubble_pixels = 0, hidden_rows = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    for (const glm::vec4& p : {entries[i], bubbles[i]}) {
      if (p.w != 1.0f) continue;
      const float depth = -(view * glm::vec4(glm::vec3(p), 1.0f)).z;
      ASSERT_LE(depth, opaque[i] + 1e-3f) << "liquid or bubble drawn in front of the opaque box, pixel " << i;
    }
    if (bubbles[i].w == 1.0f) {
      ++bubble_pixels;
      ASSERT_LT(shared::liquid_surface_distance(bottle.gpu(), glm::vec3(bubbles[i])), 0.0f)
          << "bubble above the surface";
    }
  }
  // The box hides the bottom of the bottle: no liquid in the rows it covers.
  for (std::uint32_t y = kHeight * 5 / 6; y < kHeight; ++y) {
    bool any = false;
    for (std::uint32_t x = kWidth / 3; x < kWidth * 2 / 3; ++x) any = any || entries[y * kWidth + x].w == 1.0f;
    hidden_rows += !any;
  }
  EXPECT_GT(bubble_pixels, 50);
  EXPECT_GT(hidden_rows, 5);
}

TEST_F(BottleTest, ABottleSeenThroughAnotherShowsItsLiquid) {
  SloshKnobs water;
  water.fill = 0.7f;
  SloshKnobs wine = water;
  wine.color = glm::vec3(0.5f, 0.02f, 0.05f);
  wine.absorption = glm::vec3(20.0f, 150.0f, 120.0f);
  wine.opacity = 0.4f;
  LiquidContainer front(shape_of("cylinder"), water), back(shape_of("cylinder"), wine);
  ASSERT_TRUE(front.update({glm::vec3(0.0f, 0.0f, 0.1f)}, 0.0));
  ASSERT_TRUE(back.update({glm::vec3(0.0f, 0.0f, -0.1f)}, 0.0));
  const Camera camera = looking_at({0.0f, 0.08f, 0.6f}, {0.0f, 0.06f, 0.0f});
  const ImageRgba8 with_wine = render({}, camera, {{&front, {}}, {&back, {}}});
  wine.fill = 0.0f;
  back.set_knobs(wine);
  const ImageRgba8 without = render({}, camera, {{&front, {}}, {&back, {}}});
  // Through the front bottle's liquid (the middle of the frame), the wine behind turns pixels red.
  // The water-filled cylinder is a lens that squeezes what lies behind it into a narrow band
  // (about 6 of its 40 pixels across at this distance).
  int redder = 0;
  for (int y = int(kHeight) / 2; y < int(kHeight) * 3 / 4; ++y)
    for (int x = int(kWidth) * 2 / 5; x < int(kWidth) * 3 / 5; ++x) {
      const std::uint8_t* a = with_wine.at(x, y);
      const std::uint8_t* b = without.at(x, y);
      redder += (int(b[1]) - int(a[1])) > 20 && a[0] > a[1];
    }
  EXPECT_GT(redder, 40);
}

// An immiscible liquid poured in keeps its layer: in the opaque style, red below the interface
// and blue above it (floating), or the other way round (sinking), wherever the ray enters.
TEST_F(BottleTest, AnImmiscibleLayerShowsItsOwnColourOnItsSide) {
  for (const PouredLiquid poured : {PouredLiquid::floats, PouredLiquid::sinks}) {
    SCOPED_TRACE(poured == PouredLiquid::floats ? "floats" : "sinks");
    SloshKnobs knobs;
    knobs.fill = 0.35f;
    knobs.style = LiquidStyle::opaque;
    knobs.color = glm::vec3(0.8f, 0.05f, 0.05f);
    knobs.top_color = glm::vec3(0.9f, 0.3f, 0.3f);
    knobs.poured_liquid = poured;
    LiquidContainer jar(shape_of("cylinder"), knobs);
    ASSERT_TRUE(jar.update({glm::vec3(0.0f), glm::angleAxis(0.3f, glm::vec3(0, 0, 1))}, 0.0));
    jar.exchange_liquid(0.3 * jar.capacity_m3(), glm::vec3(0.05f, 0.1f, 0.8f));
    const ImageRgba8 image = render({}, looking_at({0.0f, 0.14f, 0.45f}, {0.0f, 0.06f, 0.0f}), {{&jar, {}}});
    int layer = 0, own = 0, wrong = 0;
    const std::vector<glm::vec4> entries = read_rgba32f(ctx(), entry_);
    for (int y = 0; y < int(kHeight); ++y)
      for (int x = 0; x < int(kWidth); ++x) {
        const glm::vec4 entry = entries[std::size_t(y) * kWidth + std::size_t(x)];
        if (entry.w != 1.0f) continue;
        const std::uint8_t* rgb = image.at(x, y);
        const bool in_layer = shared::liquid_in_layer(jar.gpu(), glm::vec3(entry));
        // A pixel near the interface may blend both through the anti-aliased edge.
        const float from_interface = glm::dot(glm::vec3(jar.gpu().plane), glm::vec3(entry)) - jar.gpu().layer.w;
        if (std::abs(from_interface) < 0.002f) continue;
        const bool blue = rgb[2] > rgb[0] + 20, red = rgb[0] > rgb[2] + 20;
        layer += in_layer && blue;
        own += !in_layer && red;
        wrong += in_layer ? !blue : !red;
      }
    std::printf("%d pixels of the layer, %d of the own liquid, %d of the wrong colour\n", layer, own, wrong);
    EXPECT_GT(layer, 300);
    EXPECT_GT(own, 300);
    EXPECT_LT(wrong, (layer + own) / 100);
  }
}

TEST_F(BottleTest, SurfacesDrawnInSeveralRunsGiveTheSamePicture) {
  // A row of bottles seen along its length: each overlaps the next, so each is its own group.
  SloshKnobs knobs;
  knobs.fill = 0.6f;
  std::vector<std::unique_ptr<LiquidContainer>> row;
  std::vector<gpu::BottleDraw> draws;
  for (int i = 0; i < 4; ++i) {
    row.push_back(std::make_unique<LiquidContainer>(shape_of(i % 2 ? "square_bottle" : "bottle"), knobs));
    slosh(*row.back(), glm::vec3(0.03f * float(i), 0.0f, -0.12f * float(i)));
    draws.push_back({row.back().get(), {}});
  }
  const Camera camera = looking_at({0.12f, 0.2f, 0.35f}, {0.0f, 0.1f, -0.15f});
  const ImageRgba8 one_run = render({}, camera, draws);
  EXPECT_EQ(gpu::BottleProbe(*bottles_).last_surface_runs(), 1u);
  gpu::BottleProbe(*bottles_).set_surface_run_limit(1);  // a run for every group
  const ImageRgba8 runs = render({}, camera, draws);
  EXPECT_EQ(gpu::BottleProbe(*bottles_).last_surface_runs(), 4u) << "the bottles should overlap, one group each";
  EXPECT_EQ(compare_images(one_run, runs, 0).largest_channel, 0)
      << "a run's surfaces were not cleared, placed or ordered as in one run";
  ASSERT_TRUE(write_png(test_output_path("bottle_runs.png"), runs));  // to look at
}

// A surfaces texel's distance from the eye (surface_encoding.glsl), or 0 where there is none.
float texel_distance(std::uint64_t texel) {
  const std::uint32_t high = std::uint32_t(texel >> 32);
  if (high == 0xffffffffu) return 0.0f;
  float d;
  std::memcpy(&d, &high, sizeof(d));
  return d;
}

TEST_F(BottleTest, SurfacesRasterisedInComputeAreWatertightAndAgreeWithTheHardwares) {
  // Closed meshes of every kind of triangle: a cylinder's thin fans at its caps, a bottle's long
  // slivers, a square bottle's large flat faces; sloshed, so tilted. (Not a sphere: its fill
  // table takes 15 s to make in a debug build.)
  SloshKnobs knobs;
  knobs.fill = 0.5f;
  std::vector<std::unique_ptr<LiquidContainer>> containers;
  std::vector<gpu::BottleDraw> draws;
  const char* shapes[] = {"cylinder", "bottle", "square_bottle"};
  for (int i = 0; i < 3; ++i) {
    containers.push_back(std::make_unique<LiquidContainer>(shape_of(shapes[i]), knobs));
    slosh(*containers.back(), glm::vec3(0.11f * float(i - 1), 0.0f, -0.05f * float(i)));
    draws.push_back({containers.back().get(), {}});
  }
  const Camera camera = looking_at({0.05f, 0.3f, 0.45f}, {0.0f, 0.08f, -0.05f});
  const ImageRgba8 computed = render({}, camera, draws);
  ASSERT_EQ(gpu::BottleProbe(*bottles_).last_compute_rasterised(), 3u);
  std::vector<gpu::BottleProbe::ContainerSurfaces> in_compute;
  for (std::size_t k = 0; k < draws.size(); ++k) {
    auto surfaces = gpu::BottleProbe(*bottles_).last_surfaces(k);
    ASSERT_TRUE(surfaces) << surfaces.error().message;
    in_compute.push_back(std::move(*surfaces));
  }
  gpu::BottleProbe(*bottles_).set_hardware_surfaces_only(true);
  const ImageRgba8 hardware = render({}, camera, draws);
  ASSERT_EQ(gpu::BottleProbe(*bottles_).last_compute_rasterised(), 0u);
  for (std::size_t k = 0; k < draws.size(); ++k) {
    auto fixed_function = gpu::BottleProbe(*bottles_).last_surfaces(k);
    ASSERT_TRUE(fixed_function) << fixed_function.error().message;
    const std::vector<std::uint64_t>& a = in_compute[k].texels;
    const std::vector<std::uint64_t>& b = fixed_function->texels;
    ASSERT_EQ(a.size(), b.size());
    // A closed mesh: a ray through a front face leaves through a back face, so a pixel holds both
    // of a mesh or neither; a crack between two triangles would leave one without the other.
    int covered = 0, leaks = 0, coverage_differs = 0, agreeing = 0, both = 0;
    for (std::size_t p = 0; p < a.size(); p += 4)
      for (std::size_t front : {p, p + 2}) {
        const bool has_front = texel_distance(a[front]) > 0.0f, has_back = texel_distance(a[front + 1]) > 0.0f;
        covered += has_front;
        leaks += has_front != has_back;
      }
    for (std::size_t t = 0; t < a.size(); ++t) {
      const float da = texel_distance(a[t]), db = texel_distance(b[t]);
      coverage_differs += (da > 0.0f) != (db > 0.0f);
      if (da > 0.0f && db > 0.0f) {
        ++both;
        agreeing += std::abs(da - db) <= 1e-3f * db;
      }
    }
    std::printf("%s: %d texels, %d covered fronts, %d leaks; differing coverage %d, distances agreeing %d of %d\n",
                shapes[k], int(a.size()), covered, leaks, coverage_differs, agreeing, both);
    EXPECT_GT(covered, 400) << shapes[k];
    EXPECT_EQ(leaks, 0) << shapes[k] << ": front and back faces do not cover the same pixels";
    EXPECT_LE(coverage_differs, both / 200) << shapes[k] << ": the compute pass covers other pixels";
    EXPECT_GE(agreeing, both - both / 100) << shapes[k] << ": the compute pass finds other distances";
  }
  int differing = 0;
  for (std::uint32_t y = 0; y < kHeight; ++y)
    for (std::uint32_t x = 0; x < kWidth; ++x)
      for (int c = 0; c < 3; ++c) differing += std::abs(int(computed.at(x, y)[c]) - int(hardware.at(x, y)[c])) > 8;
  std::printf("%d pixel channels differ by more than 8 levels\n", differing);
  EXPECT_LE(differing, int(kWidth * kHeight) / 200);
  ASSERT_TRUE(write_png(test_output_path("bottle_compute_raster.png"), computed));  // to look at
}

TEST_F(BottleTest, AContainerReachingPastTheNearPlaneIsRasterisedByTheHardware) {
  SloshKnobs knobs;
  knobs.fill = 0.5f;
  LiquidContainer near(shape_of("bottle"), knobs), far(shape_of("bottle"), knobs);
  ASSERT_TRUE(near.update({glm::vec3(0.0f, 0.0f, 0.0f)}, 0.0));
  ASSERT_TRUE(far.update({glm::vec3(0.1f, 0.0f, -0.9f)}, 0.0));
  // The eye beside the near bottle, whose box reaches behind it, looking past it at the far one.
  const Camera camera = looking_at({0.03f, 0.12f, 0.06f}, {0.1f, 0.05f, -0.9f});
  const ImageRgba8 image = render({}, camera, {{&near, {}}, {&far, {}}});
  EXPECT_EQ(gpu::BottleProbe(*bottles_).last_compute_rasterised(), 1u) << "the far bottle in compute, the near one not";
  ASSERT_TRUE(write_png(test_output_path("bottle_near_plane.png"), image));  // to look at
}

TEST_F(BottleTest, ADeviceWithoutFragmentInt64AtomicsIsRefusedByName) {
  // A host's device adopted without the features the surfaces pass needs.
  HostDeviceInfo made;
  made.f12.shaderBufferInt64Atomics = VK_FALSE;
  gpu::AdoptInfo host{ctx().instance(), ctx().physical_device(), ctx().device(), ctx().queue(), ctx().queue_family()};
  host.device_info = made.get();
  auto adopted = gpu::Context::adopt(host);
  ASSERT_TRUE(adopted) << adopted.error().message;
  auto refused = gpu::BottleRenderer::create(**adopted);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("shaderBufferInt64Atomics"), std::string::npos) << refused.error().message;
  EXPECT_NE(refused.error().message.find(ctx().device_name()), std::string::npos) << refused.error().message;
  made.f12.shaderBufferInt64Atomics = VK_TRUE;
  auto accepted = gpu::Context::adopt(host);
  ASSERT_TRUE(accepted);
  EXPECT_TRUE(gpu::BottleRenderer::create(**accepted)) << "the features are there: the renderer is made";
}

TEST_F(BottleTest, TheCompositeSkipsPixelsWithoutWorkAndChangesNoPixel) {
  SloshKnobs knobs;
  knobs.fill = 0.4f;
  LiquidContainer bottle(shape_of("bottle"), knobs);
  slosh(bottle, glm::vec3(0.0f));  // tilted and rippled
  const Camera camera = looking_at({0.05f, 0.15f, 0.45f}, {0.0f, 0.1f, 0.0f});
  gpu::BottleProbe(*bottles_).set_pixel_sort(false);
  const ImageRgba8 every_pixel = render({}, camera, {{&bottle, {}}});
  const auto all = gpu::BottleProbe(*bottles_).last_composite_pixels();
  gpu::BottleProbe(*bottles_).set_pixel_sort(true);
  const ImageRgba8 sorted = render({}, camera, {{&bottle, {}}});
  const auto kept = gpu::BottleProbe(*bottles_).last_composite_pixels();
  const auto surfaces = gpu::BottleProbe(*bottles_).last_surfaces(0);
  ASSERT_TRUE(all && kept && surfaces);
  // Unsorted, every pixel of the container's tiles (those its outline reaches) in its rectangle
  // runs; the outline leaves the rectangle's corners out, and every pixel with a surface is in a tile.
  std::vector<gpu::TileEntry> tiles;
  gpu::append_tiles(surfaces->rect, 0, tiles, surfaces->outline);
  const VkRect2D& rect = surfaces->rect;
  std::vector<bool> in_tiles(gpu::rect_pixels(rect), false);
  std::uint32_t tile_pixels = 0;
  for (const gpu::TileEntry& t : tiles) {
    const glm::ivec2 origin = shared::bottle_tile_origin(t.tile);
    for (int y = origin.y; y < origin.y + int(shared::kBottleTile); ++y)
      for (int x = origin.x; x < origin.x + int(shared::kBottleTile); ++x) {
        const int u = x - rect.offset.x, v = y - rect.offset.y;
        if (u < 0 || v < 0 || u >= int(rect.extent.width) || v >= int(rect.extent.height)) continue;
        in_tiles[std::size_t(v) * rect.extent.width + std::size_t(u)] = true;
        ++tile_pixels;
      }
  }
  EXPECT_EQ(all->liquid, tile_pixels) << "unsorted, every pixel of the container's tiles runs";
  EXPECT_LT(tile_pixels, gpu::rect_pixels(rect) * 9 / 10) << "the outline should leave the rectangle's corners out";
  EXPECT_EQ(all->air + all->deep + all->dry, 0u) << "unsorted, every pixel runs the full composite";
  // The air above the liquid needs no liquid, the neck above the wet film not even the film; the
  // liquid's lower part needs neither its surface nor the waterline; the rectangle's corners
  // need nothing.
  EXPECT_GT(kept->liquid, 0u);
  EXPECT_GT(kept->air, 0u);
  EXPECT_GT(kept->deep, 0u);
  EXPECT_GT(kept->dry, 0u);
  // A pixel runs only where the container has a surface (outer front or back, inner front).
  std::uint32_t with_surface = 0, outside_tiles = 0;
  for (std::size_t t = 0; t < surfaces->texels.size(); t += 4) {
    const bool surface = texel_distance(surfaces->texels[t]) > 0.0f || texel_distance(surfaces->texels[t + 1]) > 0.0f ||
                         texel_distance(surfaces->texels[t + 2]) > 0.0f;
    with_surface += surface;
    outside_tiles += surface && !in_tiles[t / 4];
  }
  EXPECT_EQ(outside_tiles, 0u) << "pixels with a surface lie outside the container's outline";
  const std::uint32_t run = kept->liquid + kept->air + kept->deep + kept->dry;
  EXPECT_LE(run, with_surface) << "pixels beside the silhouette run";
  EXPECT_GT(run, with_surface * 9 / 10) << "the silhouette stands in front of the room: nearly all of it runs";
  std::printf(
      "pixels: %u of %u run (%u near the surface, %u in air, %u below the waves, %u dry); %u with a surface; the "
      "rectangle %zu\n",
      run, all->liquid, kept->liquid, kept->air, kept->deep, kept->dry, with_surface, gpu::rect_pixels(rect));
  EXPECT_EQ(compare_images(every_pixel, sorted, 0).largest_channel, 0) << "sorting the pixels changed the picture";
}

TEST_F(BottleTest, AShapeMadeAfterAnotherWasFreedIsDrawnWithItsOwnMesh) {
  SloshKnobs knobs;
  knobs.fill = 0.5f;
  const Camera camera = looking_at({0.0f, 0.15f, 0.4f}, {0.0f, 0.06f, 0.0f});
  const auto draw = [&](const std::shared_ptr<const ContainerShape>& shape) {
    LiquidContainer container(shape, knobs);
    EXPECT_TRUE(container.update({glm::vec3(0.0f)}, 0.0));
    return render({}, camera, {{&container, {}}});
  };
  // The renderer sees a sphere, which is then freed; a box made next may take its memory.
  const ContainerShape* freed = nullptr;
  {
    const auto sphere = *ContainerShape::create_named("sphere", 0.94f);
    freed = sphere.get();
    draw(sphere);
  }
  const auto box = *ContainerShape::create_named("box", 0.94f);
  const ImageRgba8 seen = draw(box);
  // The same box drawn by a renderer that never saw the sphere.
  start_fresh_renderer();
  const ImageRgba8 expected = draw(box);
  int differing = 0;
  for (std::uint32_t y = 0; y < kHeight; ++y)
    for (std::uint32_t x = 0; x < kWidth; ++x) differing += std::memcmp(seen.at(x, y), expected.at(x, y), 3) != 0;
  EXPECT_EQ(differing, 0) << "the box was drawn with another shape's mesh"
                          << (box.get() == freed ? " (it took the freed sphere's address)" : "");
}

// The floor pixel at a world point (the frame's projection, y down).
glm::ivec2 pixel_of(const Camera& camera, glm::vec3 world) {
  const glm::vec4 clip = camera.projection(float(kWidth) / float(kHeight)) * camera.view() * glm::vec4(world, 1.0f);
  const glm::vec2 ndc = glm::vec2(clip) / clip.w;
  return glm::ivec2((ndc * 0.5f + 0.5f) * glm::vec2(kWidth, kHeight));
}

float luma(const ImageRgba8& image, glm::ivec2 p) {
  const std::uint8_t* c = image.at(p.x, p.y);
  return 0.3f * c[0] + 0.59f * c[1] + 0.11f * c[2];
}

TEST_F(BottleTest, ContainersCastShadowsTintedByTheirLiquid) {
  SloshKnobs wine;
  wine.fill = 0.7f;
  wine.color = glm::vec3(0.5f, 0.02f, 0.05f);
  wine.absorption = glm::vec3(20.0f, 150.0f, 120.0f);
  LiquidContainer bottle(shape_of("cylinder"), wine);
  ASSERT_TRUE(bottle.update({glm::vec3(0.0f)}, 0.0));
  gpu::RoomDesc room;
  const glm::vec3 away = away_from_sun(room);
  // Seen from the shadow's side, so that the container hides none of it.
  const Camera camera = looking_at(away * 0.35f + glm::vec3(0.0f, 0.45f, 0.0f), away * 0.05f);
  const glm::ivec2 in_shadow = pixel_of(camera, away * 0.07f);
  const glm::ivec2 beside = pixel_of(camera, glm::vec3(-away.z, 0.0f, away.x) * 0.13f);
  const auto [without, with] = without_and_with_shadow(room, camera, bottle);
  EXPECT_LT(luma(with, in_shadow), 0.85f * luma(without, in_shadow)) << "no shadow behind the container";
  const std::uint8_t* a = with.at(in_shadow.x, in_shadow.y);
  const std::uint8_t* b = without.at(in_shadow.x, in_shadow.y);
  EXPECT_GT(float(a[0]) / std::max(1.0f, float(a[1])), 1.3f * float(b[0]) / std::max(1.0f, float(b[1])))
      << "the wine's shadow is not red";
  EXPECT_EQ(luma(with, beside), luma(without, beside)) << "a shadow beside the container, across the sun";
  // Light through glass alone is dimmed far less than through the wine.
  wine.fill = 0.0f;
  bottle.set_knobs(wine);
  const ImageRgba8 empty = render(room, camera, {{&bottle, {}}});
  EXPECT_GT(luma(empty, in_shadow), luma(with, in_shadow) + 10.0f);
  EXPECT_LT(luma(empty, in_shadow), luma(without, in_shadow));
}

// The shadow pass keeps its image between frames and sets back to 1 only what it wrote the last
// time: after a container moved (a little, so that its old shadow lies where the new one is
// applied), nothing of the old shadow may stay.
TEST_F(BottleTest, AMovedContainerLeavesNoShadowWhereItWas) {
  SloshKnobs wine;
  wine.fill = 0.7f;
  gpu::RoomDesc room;
  const glm::vec3 away = away_from_sun(room);
  const glm::vec3 across(-away.z, 0.0f, away.x);
  const Camera camera = looking_at(away * 0.35f + glm::vec3(0.0f, 0.45f, 0.0f), away * 0.05f);
  LiquidContainer before(shape_of("cylinder"), wine), after(shape_of("cylinder"), wine);
  ASSERT_TRUE(before.update({across * 0.02f}, 0.0));
  ASSERT_TRUE(after.update({-across * 0.02f}, 0.0));
  const ImageRgba8 first = render(room, camera, {{&before, {}}});
  const ImageRgba8 moved = render(room, camera, {{&after, {}}});
  // The same frame from a renderer that only ever saw the container where it is now.
  start_fresh_renderer();
  const ImageRgba8 expected = render(room, camera, {{&after, {}}});
  int differing = 0, moved_away = 0;
  for (std::uint32_t y = 0; y < kHeight; ++y)
    for (std::uint32_t x = 0; x < kWidth; ++x) {
      differing += std::memcmp(moved.at(x, y), expected.at(x, y), 3) != 0;
      moved_away += std::memcmp(first.at(x, y), expected.at(x, y), 3) != 0;
    }
  EXPECT_GT(moved_away, 500) << "the container did not move far enough to test anything";
  EXPECT_EQ(differing, 0) << "pixels of the old shadow stayed";
}

TEST_F(BottleTest, AContainerOutsideTheViewStillCastsItsShadowIntoIt) {
  SloshKnobs wine;
  wine.fill = 0.7f;
  LiquidContainer bottle(shape_of("cylinder"), wine);
  ASSERT_TRUE(bottle.update({glm::vec3(0.0f)}, 0.0));
  gpu::RoomDesc room;
  const glm::vec3 away = away_from_sun(room);
  // Straight down onto the far end of the shadow, too narrow a view to see the container.
  Camera camera = looking_at(away * 0.16f + glm::vec3(0.0f, 1.0f, 0.001f), away * 0.16f);
  camera.fov_y_degrees = 8.0f;
  const glm::mat4 view_proj = camera.projection(float(kWidth) / float(kHeight)) * camera.view();
  const VkRect2D seen =
      gpu::screen_rect(view_proj, glm::mat4(1.0f), bounds_of(shape_of("cylinder")->container), {kWidth, kHeight});
  ASSERT_EQ(seen.extent.width * seen.extent.height, 0u) << "the container is in view";
  const auto [without, with] = without_and_with_shadow(room, camera, bottle);
  int darker = 0;
  for (int y = 0; y < int(kHeight); ++y)
    for (int x = 0; x < int(kWidth); ++x) darker += luma(with, {x, y}) < 0.9f * luma(without, {x, y});
  EXPECT_GT(darker, 1000) << "the shadow of a container outside the view is missing";
}

TEST_F(BottleTest, AGlassOfWaterFocusesSunlightIntoACausticInItsShadow) {
  SloshKnobs water;
  water.fill = 0.8f;
  LiquidContainer glass(shape_of("cylinder"), water);
  ASSERT_TRUE(glass.update({glm::vec3(0.0f)}, 0.0));
  gpu::RoomDesc room;
  room.knobs.sun_elevation = 30.0f;  // a long shadow, beyond the lens's focal line
  room.knobs.floor_color_a = room.knobs.floor_color_b = glm::vec3(0.25f);  // far from the tonemap's shoulder
  const glm::vec3 away = away_from_sun(room);
  const Camera camera = looking_at(away * 0.3f + glm::vec3(0.0f, 0.5f, 0.0f), away * 0.1f);
  const auto [without, with] = without_and_with_shadow(room, camera, glass);
  // Along the shadow, some floor is brighter than in full sun (the focused light) and some
  // darker (the shadow and the fringes the lens leaves).
  int brighter = 0, darker = 0;
  for (float along = 0.06f; along < 0.2f; along += 0.002f)
    for (float across = -0.03f; across <= 0.03f; across += 0.002f) {
      const glm::ivec2 p = pixel_of(camera, away * along + glm::vec3(-away.z, 0.0f, away.x) * across);
      if (p.x < 0 || p.y < 0 || p.x >= int(kWidth) || p.y >= int(kHeight)) continue;
      brighter += luma(with, p) > 1.05f * luma(without, p);
      darker += luma(with, p) < 0.9f * luma(without, p);
    }
  EXPECT_GT(brighter, 40) << "no caustic (" << brighter << " brighter, " << darker << " darker)";
  EXPECT_GT(darker, 100) << "no shadow";
}

}  // namespace
}  // namespace lfx::test
