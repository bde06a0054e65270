// The smallest program that renders a liquidfx effect headless: a ripple over the backdrop room,
// 640x360, written as offline.png into the folder given as the first argument (or the current
// one). Built against the installed
// package (CMakeLists.txt here); exits 0 when the picture was written, 1 with the reason otherwise.
#include <cstdio>
#include <string>

#include "liquidfx/core/image.h"
#include "liquidfx/core/ripples/ripples_simulation.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/effects/ripples_renderer.h"
#include "liquidfx/gpu/render/frame_renderer.h"

int fail(const lfx::Error& error) {
  std::fprintf(stderr, "offline: %s\n", error.message.c_str());
  return 1;
}

int main(int argc, char** argv) {
  const std::string path = std::string(argc > 1 ? argv[1] : ".") + "/offline.png";
  auto ctx = lfx::gpu::Context::create();  // headless; validation in debug builds
  if (!ctx) return fail(ctx.error());

  // The effect's runtime (core: no GPU) with a touch in the middle, 0.25 s ago.
  lfx::RipplesKnobs knobs;
  lfx::RipplesSimulation water(knobs, {});
  water.advance(1.0 / 60.0, {.touches = {{{0.5f, 0.5f}, 1.0f}}});
  for (int frame = 1; frame < 15; ++frame) water.advance(1.0 / 60.0, {});

  auto room = lfx::gpu::Room::create(**ctx, {});
  if (!room) return fail(room.error());
  auto ripples = lfx::gpu::RipplesRenderer::create(**ctx, water);
  if (!ripples) return fail(ripples.error());
  auto renderer = lfx::gpu::FrameRenderer::create(**ctx, 640, 360);
  if (!renderer) return fail(renderer.error());

  lfx::gpu::FramePasses* passes[] = {room->get(), ripples->get()};  // the room first: the backdrop
  lfx::gpu::FrameView view;                                         // the default camera and the room's sun
  view.lighting = (*room)->lighting();
  auto image = (*renderer)->render(view, passes);  // prepares, records, submits, waits, reads back
  if (!image) return fail(image.error());
  if (auto written = lfx::write_png(path, *image); !written) return fail(written.error());
  std::printf("offline: %dx%d written to %s\n", image->width, image->height, path.c_str());
  if ((*ctx)->validation_messages() > 0) {  // with LIQUIDFX_VALIDATION=1, or in a debug build
    std::fprintf(stderr, "offline: %llu validation messages\n", (unsigned long long)(*ctx)->validation_messages());
    return 1;
  }
  return 0;
}
