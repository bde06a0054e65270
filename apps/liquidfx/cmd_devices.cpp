// liquidfx devices: every Vulkan device and what liquidfx needs of it.
#include <cstdio>

#include "cli.h"
#include "commands.h"
#include "liquidfx/gpu/context.h"

namespace lfx::cli {

namespace {

int run_devices() {
  auto devices = gpu::list_devices();
  if (!devices) return fail(devices.error());
  if (devices->empty())
    return fail(gpu_error("no Vulkan device found (is mesa-vulkan-drivers or a GPU driver installed?)"));
  auto yes = [](bool b) { return b ? "yes" : "no"; };
  for (const gpu::DeviceInfo& d : *devices) {
    std::printf("%u: %s (%s)\n", d.index, d.name.c_str(), d.type.c_str());
    std::printf("   Vulkan %s, driver %s, %.1f GiB device-local\n", d.api_version.c_str(), d.driver.c_str(),
                double(d.device_local_bytes) / (1024.0 * 1024.0 * 1024.0));
    std::printf(
        "   dynamic rendering %s, synchronization2 %s, push descriptors %s, timestamps %s, "
        "64-bit fragment atomics %s (the bottle effect's)\n",
        yes(d.dynamic_rendering), yes(d.synchronization2), yes(d.push_descriptor), yes(d.timestamps),
        yes(d.fragment_int64_atomics));
    if (d.suitable) {
      std::printf("   usable by liquidfx%s\n", d.fragment_int64_atomics
                                                   ? ""
                                                   : " but for the bottle effect (it needs shaderInt64, "
                                                     "shaderBufferInt64Atomics and fragmentStoresAndAtomics)");
    } else {
      std::printf("   not usable: lacks %s\n", d.missing.c_str());
    }
  }
  return kExitOk;
}

}  // namespace

void add_devices_command(CLI::App& app, int& exit_code) {
  app.add_subcommand("devices", "List Vulkan devices; choose one with LIQUIDFX_DEVICE=<index or name substring>")
      ->callback([&exit_code] { exit_code = run_devices(); });
}

}  // namespace lfx::cli
