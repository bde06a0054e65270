#include "liquidfx/gpu/context.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string_view>

#include "liquidfx/core/log.h"
#include "upload_ring.h"

namespace lfx::gpu {
namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

std::string version_text(std::uint32_t v) {
  return std::to_string(VK_API_VERSION_MAJOR(v)) + "." + std::to_string(VK_API_VERSION_MINOR(v)) + "." +
         std::to_string(VK_API_VERSION_PATCH(v));
}

const char* device_type_name(VkPhysicalDeviceType type) {
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
      return "discrete";
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
      return "integrated";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
      return "virtual";
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
      return "cpu";
    default:
      return "other";
  }
}

// Preference order when no device is asked for: real GPUs before software rasterisers.
int type_rank(std::string_view type) {
  constexpr std::string_view kOrder[] = {"discrete", "integrated", "virtual", "cpu"};
  for (int i = 0; i < 4; ++i)
    if (kOrder[i] == type) return i;
  return 4;
}

bool has_instance_layer(const char* name) {
  std::uint32_t count = 0;
  vkEnumerateInstanceLayerProperties(&count, nullptr);
  std::vector<VkLayerProperties> layers(count);
  vkEnumerateInstanceLayerProperties(&count, layers.data());
  return std::any_of(layers.begin(), layers.end(),
                     [&](const VkLayerProperties& l) { return std::strcmp(l.layerName, name) == 0; });
}

bool has_instance_extension(const char* name) {
  std::uint32_t count = 0;
  vkEnumerateInstanceExtensionProperties(nullptr, &count, nullptr);
  std::vector<VkExtensionProperties> extensions(count);
  vkEnumerateInstanceExtensionProperties(nullptr, &count, extensions.data());
  return std::any_of(extensions.begin(), extensions.end(),
                     [&](const VkExtensionProperties& e) { return std::strcmp(e.extensionName, name) == 0; });
}

bool has_device_extension(VkPhysicalDevice device, const char* name) {
  std::uint32_t count = 0;
  vkEnumerateDeviceExtensionProperties(device, nullptr, &count, nullptr);
  std::vector<VkExtensionProperties> extensions(count);
  vkEnumerateDeviceExtensionProperties(device, nullptr, &count, extensions.data());
  return std::any_of(extensions.begin(), extensions.end(),
                     [&](const VkExtensionProperties& e) { return std::strcmp(e.extensionName, name) == 0; });
}

// The queue family liquidfx records on: graphics + compute (+ present to surface when given).
std::optional<std::uint32_t> pick_queue_family(VkPhysicalDevice device, VkSurfaceKHR surface) {
  std::uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(device, &count, families.data());
  for (std::uint32_t i = 0; i < count; ++i) {
    const VkQueueFlags need = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
    if ((families[i].queueFlags & need) != need) continue;
    if (surface != VK_NULL_HANDLE) {
      VkBool32 present = VK_FALSE;
      vkGetPhysicalDeviceSurfaceSupportKHR(device, i, surface, &present);
      if (!present) continue;
    }
    return i;
  }
  return std::nullopt;
}

// Whether fragment shaders can use 64-bit storage-buffer atomics (the bottle effect's surfaces).
bool has_fragment_int64_atomics(VkPhysicalDevice device) {
  VkPhysicalDeviceVulkan12Features f12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &f12};
  vkGetPhysicalDeviceFeatures2(device, &features);
  return features.features.fragmentStoresAndAtomics && features.features.shaderInt64 && f12.shaderBufferInt64Atomics;
}

DeviceInfo describe_device(VkPhysicalDevice device, std::uint32_t index) {
  VkPhysicalDeviceProperties props{};
  vkGetPhysicalDeviceProperties(device, &props);
  VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
  VkPhysicalDeviceProperties2 props2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &driver};
  vkGetPhysicalDeviceProperties2(device, &props2);

  DeviceInfo info;
  info.index = index;
  info.name = props.deviceName;
  info.type = device_type_name(props.deviceType);
  info.api_version = version_text(props.apiVersion);
  info.driver = std::string(driver.driverName) + " " + driver.driverInfo;
  info.vulkan_1_3 = props.apiVersion >= VK_API_VERSION_1_3;

  VkPhysicalDeviceMemoryProperties memory{};
  vkGetPhysicalDeviceMemoryProperties(device, &memory);
  for (std::uint32_t i = 0; i < memory.memoryHeapCount; ++i)
    if (memory.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT)
      info.device_local_bytes += memory.memoryHeaps[i].size;

  if (info.vulkan_1_3) {
    VkPhysicalDeviceVulkan13Features f13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
    VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &f13};
    vkGetPhysicalDeviceFeatures2(device, &features);
    info.dynamic_rendering = f13.dynamicRendering;
    info.synchronization2 = f13.synchronization2;
  }
  info.push_descriptor = has_device_extension(device, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
  info.timestamps = props.limits.timestampComputeAndGraphics && props.limits.timestampPeriod > 0.0f;
  info.fragment_int64_atomics = info.vulkan_1_3 && has_fragment_int64_atomics(device);

  std::vector<std::string> missing;
  if (!info.vulkan_1_3) missing.push_back("Vulkan 1.3");
  if (!info.dynamic_rendering) missing.push_back("dynamicRendering");
  if (!info.synchronization2) missing.push_back("synchronization2");
  if (!info.push_descriptor) missing.push_back(VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
  if (!pick_queue_family(device, VK_NULL_HANDLE)) missing.push_back("a graphics+compute queue");
  for (const auto& m : missing) info.missing += (info.missing.empty() ? "" : ", ") + m;
  info.suitable = missing.empty();
  return info;
}

std::string lowercase(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

std::string device_list_text(const std::vector<DeviceInfo>& infos) {
  std::string text;
  for (const auto& info : infos)
    text += "\n  " + std::to_string(info.index) + ": " + info.name + " (" + info.type + ")";
  return text.empty() ? " none" : text;
}

// Chooses a device: by selector (index or name substring) or the best suitable one.
Result<std::uint32_t> choose_device(const std::vector<DeviceInfo>& infos, const std::string& selector) {
  if (infos.empty()) return gpu_error("no Vulkan device found (is a driver such as mesa-vulkan-drivers installed?)");
  if (!selector.empty()) {
    const bool is_index =
        std::all_of(selector.begin(), selector.end(), [](unsigned char c) { return std::isdigit(c); });
    for (const auto& info : infos) {
      const bool match = is_index ? std::to_string(info.index) == selector
                                  : lowercase(info.name).find(lowercase(selector)) != std::string::npos;
      if (!match) continue;
      if (!info.suitable)
        return gpu_error("device \"" + info.name + "\" (LIQUIDFX_DEVICE=" + selector + ") lacks " + info.missing);
      return info.index;
    }
    return gpu_error("no Vulkan device matches LIQUIDFX_DEVICE=\"" + selector +
                     "\"; devices:" + device_list_text(infos));
  }
  const DeviceInfo* best = nullptr;
  for (const auto& info : infos) {
    if (!info.suitable) continue;
    if (!best || type_rank(info.type) < type_rank(best->type)) best = &info;
  }
  if (!best) return gpu_error("no Vulkan device supports what liquidfx needs; devices:" + device_list_text(infos));
  return best->index;
}

}  // namespace

Result<std::vector<DeviceInfo>> list_devices() {
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "liquidfx devices";
  app.apiVersion = VK_API_VERSION_1_3;
  VkInstanceCreateInfo create{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  create.pApplicationInfo = &app;
  VkInstance instance = VK_NULL_HANDLE;
  LFX_TRY(vk_check(vkCreateInstance(&create, nullptr, &instance), "vkCreateInstance"));
  std::uint32_t count = 0;
  vkEnumeratePhysicalDevices(instance, &count, nullptr);
  std::vector<VkPhysicalDevice> devices(count);
  vkEnumeratePhysicalDevices(instance, &count, devices.data());
  std::vector<DeviceInfo> infos;
  for (std::uint32_t i = 0; i < count; ++i) infos.push_back(describe_device(devices[i], i));
  vkDestroyInstance(instance, nullptr);
  return infos;
}

bool validation_default() {
  if (const char* env = std::getenv("LIQUIDFX_VALIDATION")) return std::strcmp(env, "0") != 0;
#ifdef NDEBUG
  return false;
#else
  return true;
#endif
}

VKAPI_ATTR VkBool32 VKAPI_CALL Context::on_debug_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                         VkDebugUtilsMessageTypeFlagsEXT types,
                                                         const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
  auto* self = static_cast<Context*>(user);
  const bool serious = severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT;
  // Only the validation layer's findings count; the loader's own notes are logged, not counted.
  const bool counted =
      serious &&
      (types & (VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT));
  if (counted) self->validation_messages_.fetch_add(1);
  const std::string text = std::string("vulkan: ") + (data->pMessage ? data->pMessage : "");
  log(counted ? LogLevel::error : serious ? LogLevel::warning : LogLevel::info, text);
  return VK_FALSE;
}

namespace {

// Warnings and errors of every kind, to Context::on_debug_message with the Context.
VkDebugUtilsMessengerCreateInfoEXT messenger_info_for(Context* ctx, PFN_vkDebugUtilsMessengerCallbackEXT callback) {
  VkDebugUtilsMessengerCreateInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  info.messageSeverity =
      VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  info.pfnUserCallback = callback;
  info.pUserData = ctx;
  return info;
}

}  // namespace

Result<void> Context::install_messenger() {
  auto create_messenger = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
      vkGetInstanceProcAddr(instance_, "vkCreateDebugUtilsMessengerEXT"));
  if (!create_messenger) return gpu_error("the instance has no vkCreateDebugUtilsMessengerEXT (VK_EXT_debug_utils)");
  const VkDebugUtilsMessengerCreateInfoEXT info = messenger_info_for(this, &Context::on_debug_message);
  return vk_check(create_messenger(instance_, &info, nullptr, &debug_messenger_), "vkCreateDebugUtilsMessengerEXT");
}

void Context::load_debug_utils() {
  set_object_name_ = reinterpret_cast<PFN_vkSetDebugUtilsObjectNameEXT>(
      vkGetInstanceProcAddr(instance_, "vkSetDebugUtilsObjectNameEXT"));
  cmd_begin_label_ = reinterpret_cast<PFN_vkCmdBeginDebugUtilsLabelEXT>(
      vkGetInstanceProcAddr(instance_, "vkCmdBeginDebugUtilsLabelEXT"));
  cmd_end_label_ =
      reinterpret_cast<PFN_vkCmdEndDebugUtilsLabelEXT>(vkGetInstanceProcAddr(instance_, "vkCmdEndDebugUtilsLabelEXT"));
}

Result<std::unique_ptr<Context>> Context::create(const ContextOptions& options) {
  std::unique_ptr<Context> ctx(new Context());
  ctx->owns_objects_ = true;

  // Instance, with validation and synchronization validation when asked for.
  std::vector<const char*> layers;
  bool validation = options.validation;
  if (validation && !has_instance_layer(kValidationLayer)) {
    log_warning("validation requested but VK_LAYER_KHRONOS_validation is not installed (vulkan-validationlayers)");
    validation = false;
  }
  if (validation) layers.push_back(kValidationLayer);
  std::vector<const char*> extensions;
  for (const auto& e : options.instance_extensions) extensions.push_back(e.c_str());
  const bool debug_utils = has_instance_extension(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
  if (debug_utils) extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);

  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "liquidfx";
  app.pEngineName = "liquidfx";
  app.apiVersion = VK_API_VERSION_1_3;

  const VkValidationFeatureEnableEXT enabled_checks[] = {VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
  VkValidationFeaturesEXT validation_features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
  validation_features.enabledValidationFeatureCount = 1;
  validation_features.pEnabledValidationFeatures = enabled_checks;

  VkDebugUtilsMessengerCreateInfoEXT messenger_info = messenger_info_for(ctx.get(), &Context::on_debug_message);
  if (validation && debug_utils) {
    validation_features.pNext = &messenger_info;  // also reports vkCreateInstance / vkDestroyInstance
  }

  VkInstanceCreateInfo instance_info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  instance_info.pNext = validation ? &validation_features : nullptr;
  instance_info.pApplicationInfo = &app;
  instance_info.enabledLayerCount = static_cast<std::uint32_t>(layers.size());
  instance_info.ppEnabledLayerNames = layers.data();
  instance_info.enabledExtensionCount = static_cast<std::uint32_t>(extensions.size());
  instance_info.ppEnabledExtensionNames = extensions.data();
  if (auto r = vk_check(vkCreateInstance(&instance_info, nullptr, &ctx->instance_), "vkCreateInstance"); !r)
    return r.error();

  if (validation && debug_utils)
    if (auto r = ctx->install_messenger(); !r)
      log_warning("validation messages will not be counted: " + r.error().message);
  if (debug_utils) ctx->load_debug_utils();

  if (options.create_surface) {
    if (auto r = vk_check(options.create_surface(ctx->instance_, &ctx->surface_), "creating the window surface"); !r)
      return r.error();
  }

  // Physical device.
  std::uint32_t count = 0;
  vkEnumeratePhysicalDevices(ctx->instance_, &count, nullptr);
  std::vector<VkPhysicalDevice> devices(count);
  vkEnumeratePhysicalDevices(ctx->instance_, &count, devices.data());
  std::vector<DeviceInfo> infos;
  for (std::uint32_t i = 0; i < count; ++i) infos.push_back(describe_device(devices[i], i));
  std::string selector = options.device;
  if (selector.empty())
    if (const char* env = std::getenv("LIQUIDFX_DEVICE")) selector = env;
  auto chosen = choose_device(infos, selector);
  if (!chosen) return chosen.error();
  ctx->physical_device_ = devices[*chosen];
  vkGetPhysicalDeviceProperties(ctx->physical_device_, &ctx->properties_);
  vkGetPhysicalDeviceMemoryProperties(ctx->physical_device_, &ctx->memory_properties_);

  auto family = pick_queue_family(ctx->physical_device_, ctx->surface_);
  if (!family) return gpu_error(infos[*chosen].name + ": no graphics+compute queue can present to the window");
  ctx->queue_family_ = *family;

  // Logical device: Vulkan 1.3 dynamic rendering + synchronization2, push descriptors, and the
  // optional core features later passes use when present.
  VkPhysicalDeviceFeatures supported{};
  vkGetPhysicalDeviceFeatures(ctx->physical_device_, &supported);
  VkPhysicalDeviceFeatures core{};
  core.independentBlend = supported.independentBlend;
  core.fragmentStoresAndAtomics = supported.fragmentStoresAndAtomics;
  core.samplerAnisotropy = supported.samplerAnisotropy;
  core.shaderStorageImageWriteWithoutFormat = supported.shaderStorageImageWriteWithoutFormat;
  core.shaderStorageImageReadWithoutFormat = supported.shaderStorageImageReadWithoutFormat;
  const bool int64_atomics = has_fragment_int64_atomics(ctx->physical_device_);
  core.shaderInt64 = int64_atomics;
  VkPhysicalDeviceVulkan12Features f12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  f12.timelineSemaphore = VK_TRUE;  // frame-fenced lifetime (Context::retire)
  f12.shaderBufferInt64Atomics = int64_atomics;
  // Required by Vulkan 1.3: buffers larger than one storage binding may hold (Buffer::address).
  f12.bufferDeviceAddress = VK_TRUE;
  VkPhysicalDeviceVulkan13Features f13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES, &f12};
  f13.dynamicRendering = VK_TRUE;
  f13.synchronization2 = VK_TRUE;
  f13.maintenance4 = VK_TRUE;  // required by Vulkan 1.3; SPIR-V 1.6 compute shaders use LocalSizeId
  VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &f13};
  features.features = core;

  std::vector<const char*> device_extensions = {VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME};
  if (ctx->surface_ != VK_NULL_HANDLE) device_extensions.push_back(VK_KHR_SWAPCHAIN_EXTENSION_NAME);

  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queue_info{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queue_info.queueFamilyIndex = ctx->queue_family_;
  queue_info.queueCount = 1;
  queue_info.pQueuePriorities = &priority;
  VkDeviceCreateInfo device_info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, &features};
  device_info.queueCreateInfoCount = 1;
  device_info.pQueueCreateInfos = &queue_info;
  device_info.enabledExtensionCount = static_cast<std::uint32_t>(device_extensions.size());
  device_info.ppEnabledExtensionNames = device_extensions.data();
  if (auto r = vk_check(vkCreateDevice(ctx->physical_device_, &device_info, nullptr, &ctx->device_), "vkCreateDevice");
      !r)
    return r.error();
  vkGetDeviceQueue(ctx->device_, ctx->queue_family_, 0, &ctx->queue_);
  ctx->features_ = DeviceFeatures::enabled_by(device_info);
  LFX_TRY(ctx->load_device_functions());
  log_info("device: " + ctx->device_name() + (validation ? " (validation on)" : ""));
  return ctx;
}

Result<std::unique_ptr<Context>> Context::adopt(const AdoptInfo& info) {
  if (!info.instance || !info.physical_device || !info.device || !info.queue)
    return gpu_error("Context::adopt: instance, physical device, device and queue must all be set");
  std::unique_ptr<Context> ctx(new Context());
  ctx->owns_objects_ = false;
  ctx->instance_ = info.instance;
  ctx->physical_device_ = info.physical_device;
  ctx->device_ = info.device;
  ctx->queue_ = info.queue;
  ctx->queue_family_ = info.queue_family;
  vkGetPhysicalDeviceProperties(ctx->physical_device_, &ctx->properties_);
  vkGetPhysicalDeviceMemoryProperties(ctx->physical_device_, &ctx->memory_properties_);
  const std::string device = ctx->device_name();
  if (ctx->properties_.apiVersion < VK_API_VERSION_1_3)
    return gpu_error("Context::adopt: " + device + " is not a Vulkan 1.3 device (it reports " +
                     version_text(ctx->properties_.apiVersion) + ")");
  if (!info.device_info)
    return gpu_error("Context::adopt: AdoptInfo::device_info is not set: pass the VkDeviceCreateInfo " + device +
                     " was created with, so that liquidfx can check the features it needs");
  ctx->features_ = DeviceFeatures::enabled_by(*info.device_info);
  if (const std::vector<std::string> missing = ctx->features_.missing_required(); !missing.empty()) {
    std::string names;
    for (const std::string& m : missing) names += (names.empty() ? "" : ", ") + m;
    return gpu_error("Context::adopt: " + device + " was created without " + names +
                     ", which liquidfx needs; enable them in its VkDeviceCreateInfo");
  }
  std::uint32_t families = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(ctx->physical_device_, &families, nullptr);
  if (info.queue_family >= families)
    return gpu_error("Context::adopt: queue family " + std::to_string(info.queue_family) + " does not exist on " +
                     device + " (it has " + std::to_string(families) + ")");
  if (info.count_validation_messages && !info.debug_utils)
    return gpu_error(
        "Context::adopt: count_validation_messages needs an instance with VK_EXT_debug_utils "
        "(set debug_utils when the instance enables it)");
  if (info.debug_utils) ctx->load_debug_utils();
  if (info.count_validation_messages) LFX_TRY(ctx->install_messenger());
  LFX_TRY(ctx->load_device_functions());
  return ctx;
}

Result<void> Context::load_device_functions() {
  cmd_push_descriptor_set_ =
      reinterpret_cast<PFN_vkCmdPushDescriptorSetKHR>(vkGetDeviceProcAddr(device_, "vkCmdPushDescriptorSetKHR"));
  if (!cmd_push_descriptor_set_)
    return gpu_error(device_name() + ": VK_KHR_push_descriptor is not enabled on the device");

  std::uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physical_device_, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(physical_device_, &count, families.data());
  if (queue_family_ < count && families[queue_family_].timestampValidBits > 0)
    timestamp_period_ns_ = properties_.limits.timestampPeriod;

  VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pool_info.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT | VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  pool_info.queueFamilyIndex = queue_family_;
  if (auto r = vk_check(vkCreateCommandPool(device_, &pool_info, nullptr, &immediate_pool_), "vkCreateCommandPool"); !r)
    return r;
  VkSemaphoreTypeCreateInfo timeline_type{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
  timeline_type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
  timeline_type.initialValue = 0;
  VkSemaphoreCreateInfo timeline_info{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, &timeline_type};
  if (auto r =
          vk_check(vkCreateSemaphore(device_, &timeline_info, nullptr, &timeline_), "creating the timeline semaphore");
      !r)
    return r;
  set_name(VK_OBJECT_TYPE_SEMAPHORE, reinterpret_cast<std::uint64_t>(timeline_), "liquidfx frames");
  uploads_ = std::make_unique<UploadRing>(*this);
  return success();
}

Context::~Context() {
  if (device_) {
    vkDeviceWaitIdle(device_);
    retired_.clear();
    uploads_.reset();
    if (timeline_) vkDestroySemaphore(device_, timeline_, nullptr);
    if (immediate_pool_) vkDestroyCommandPool(device_, immediate_pool_, nullptr);
  }
  if (owns_objects_) {
    if (device_) vkDestroyDevice(device_, nullptr);
    if (surface_) vkDestroySurfaceKHR(instance_, surface_, nullptr);
  }
  if (debug_messenger_) {  // ours, on an adopted instance too
    auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(instance_, "vkDestroyDebugUtilsMessengerEXT"));
    if (destroy) destroy(instance_, debug_messenger_, nullptr);
  }
  if (owns_objects_ && instance_) vkDestroyInstance(instance_, nullptr);
}

std::uint32_t Context::find_memory_type(std::uint32_t type_bits, VkMemoryPropertyFlags required,
                                        VkMemoryPropertyFlags preferred) const {
  std::uint32_t fallback = UINT32_MAX;
  for (std::uint32_t i = 0; i < memory_properties_.memoryTypeCount; ++i) {
    if (!(type_bits & (1u << i))) continue;
    const VkMemoryPropertyFlags flags = memory_properties_.memoryTypes[i].propertyFlags;
    if ((flags & required) != required) continue;
    if ((flags & preferred) == preferred) return i;
    if (fallback == UINT32_MAX) fallback = i;
  }
  return fallback;
}

bool Context::supports_format(VkFormat format, VkFormatFeatureFlags2 features) const {
  VkFormatProperties3 props3{VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3};
  VkFormatProperties2 props{VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, &props3};
  vkGetPhysicalDeviceFormatProperties2(physical_device_, format, &props);
  return (props3.optimalTilingFeatures & features) == features;
}

bool Context::compute_subgroup_arithmetic() const {
  VkPhysicalDeviceVulkan11Properties p11{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES};
  VkPhysicalDeviceVulkan13Properties p13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES, &p11};
  VkPhysicalDeviceProperties2 props{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &p13};
  vkGetPhysicalDeviceProperties2(physical_device_, &props);
  return (p11.subgroupSupportedStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
         (p11.subgroupSupportedOperations & VK_SUBGROUP_FEATURE_ARITHMETIC_BIT) && p13.minSubgroupSize >= 4;
}

Result<void> Context::submit_and_wait(const std::function<void(VkCommandBuffer)>& record) {
  VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  alloc.commandPool = immediate_pool_;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  LFX_TRY(vk_check(vkAllocateCommandBuffers(device_, &alloc, &cmd), "vkAllocateCommandBuffers"));
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  vkBeginCommandBuffer(cmd, &begin);
  record_uploads(cmd);
  record(cmd);
  Result<void> result = vk_check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
  if (result) {
    auto serial = submit(cmd);
    result = serial ? wait_for(*serial) : Result<void>(serial.error());
  }
  // After a failed wait the GPU may still read the command buffer: leave it to the pool.
  if (result) vkFreeCommandBuffers(device_, immediate_pool_, 1, &cmd);
  collect();
  return result;
}

Result<std::uint64_t> Context::submit(VkCommandBuffer cmd, std::span<const VkSemaphoreSubmitInfo> waits,
                                      std::span<const VkSemaphoreSubmitInfo> signals, VkFence fence) {
  collect();
  std::vector<VkSemaphoreSubmitInfo> all_signals(signals.begin(), signals.end());
  all_signals.push_back(next_signal());
  VkCommandBufferSubmitInfo cmd_info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO};
  cmd_info.commandBuffer = cmd;
  VkSubmitInfo2 info{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
  info.waitSemaphoreInfoCount = std::uint32_t(waits.size());
  info.pWaitSemaphoreInfos = waits.data();
  info.commandBufferInfoCount = 1;
  info.pCommandBufferInfos = &cmd_info;
  info.signalSemaphoreInfoCount = std::uint32_t(all_signals.size());
  info.pSignalSemaphoreInfos = all_signals.data();
  LFX_TRY(vk_check(vkQueueSubmit2(queue_, 1, &info, fence), "vkQueueSubmit2"));
  return all_signals.back().value;
}

VkSemaphoreSubmitInfo Context::next_signal() {
  collect();  // a host's frame loop frees what its finished frames replaced
  std::lock_guard lock(retired_mutex_);
  VkSemaphoreSubmitInfo signal{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
  signal.semaphore = timeline_;
  signal.value = ++submitted_;
  signal.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  return signal;
}

Result<void> Context::set_gpu_timeout(double seconds) {
  if (!(std::isfinite(seconds) && seconds > 0.0 && seconds <= 1e9)) {
    char text[96];
    std::snprintf(text, sizeof(text), "GPU timeout: %g s is not in (0, 1e9] seconds", seconds);
    return input_error(text);
  }
  gpu_timeout_ns_ = std::uint64_t(seconds * 1e9);
  return success();
}

Result<void> Context::wait_for(std::uint64_t serial) const {
  VkSemaphoreWaitInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
  info.semaphoreCount = 1;
  info.pSemaphores = &timeline_;
  info.pValues = &serial;
  const VkResult waited = vkWaitSemaphores(device_, &info, gpu_timeout_ns_);
  if (waited == VK_TIMEOUT) {
    gpu_timed_out_ = true;
    char seconds[32];
    std::snprintf(seconds, sizeof(seconds), "%g", gpu_timeout());
    return gpu_error(std::string("the GPU did not finish the submitted work within ") + seconds + " s");
  }
  return vk_check(waited, "vkWaitSemaphores");
}

std::uint64_t Context::submitted_serial() const {
  std::lock_guard lock(retired_mutex_);
  return submitted_;
}

std::uint64_t Context::completed_serial() const {
  std::uint64_t value = 0;
  if (vkGetSemaphoreCounterValue(device_, timeline_, &value) != VK_SUCCESS) return 0;
  return value;
}

void Context::record_uploads(VkCommandBuffer cmd) const {
  if (uploads_) uploads_->record(cmd);
}

std::size_t Context::pending_uploads() const {
  return uploads_ ? uploads_->pending() : 0;
}

void Context::retire_holder(std::unique_ptr<Holder> holder) const {
  std::lock_guard lock(retired_mutex_);
  // The next submission may still be recording work that was planned before this call.
  retired_.emplace_back(submitted_ + 1, std::move(holder));
}

void Context::collect() const {
  const std::uint64_t done = completed_serial();
  std::deque<std::pair<std::uint64_t, std::unique_ptr<Holder>>> finished;
  {
    std::lock_guard lock(retired_mutex_);
    // Serials are handed out in order, so the finished objects are at the front.
    while (!retired_.empty() && retired_.front().first <= done) {
      finished.push_back(std::move(retired_.front()));
      retired_.pop_front();
    }
  }
  // Destroyed here, outside the lock.
}

std::size_t Context::retired_count() const {
  std::lock_guard lock(retired_mutex_);
  return retired_.size();
}

void Context::set_name(VkObjectType type, std::uint64_t handle, const char* name) const {
  if (!set_object_name_ || !name) return;
  VkDebugUtilsObjectNameInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT};
  info.objectType = type;
  info.objectHandle = handle;
  info.pObjectName = name;
  set_object_name_(device_, &info);
}

void Context::begin_label(VkCommandBuffer cmd, const char* name) const {
  if (!cmd_begin_label_) return;
  VkDebugUtilsLabelEXT label{VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT};
  label.pLabelName = name;
  cmd_begin_label_(cmd, &label);
}

void Context::end_label(VkCommandBuffer cmd) const {
  if (cmd_end_label_) cmd_end_label_(cmd);
}

void Context::push_descriptors(VkCommandBuffer cmd, VkPipelineBindPoint bind_point, VkPipelineLayout layout,
                               std::uint32_t count, const VkWriteDescriptorSet* writes) const {
  cmd_push_descriptor_set_(cmd, bind_point, layout, 0, count, writes);
}

const char* vk_result_name(VkResult result) {
  switch (result) {
#define LFX_CASE(x) \
  case x:           \
    return #x;
    LFX_CASE(VK_SUCCESS)
    LFX_CASE(VK_NOT_READY)
    LFX_CASE(VK_TIMEOUT)
    LFX_CASE(VK_INCOMPLETE)
    LFX_CASE(VK_SUBOPTIMAL_KHR)
    LFX_CASE(VK_ERROR_OUT_OF_HOST_MEMORY)
    LFX_CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    LFX_CASE(VK_ERROR_INITIALIZATION_FAILED)
    LFX_CASE(VK_ERROR_DEVICE_LOST)
    LFX_CASE(VK_ERROR_MEMORY_MAP_FAILED)
    LFX_CASE(VK_ERROR_LAYER_NOT_PRESENT)
    LFX_CASE(VK_ERROR_EXTENSION_NOT_PRESENT)
    LFX_CASE(VK_ERROR_FEATURE_NOT_PRESENT)
    LFX_CASE(VK_ERROR_INCOMPATIBLE_DRIVER)
    LFX_CASE(VK_ERROR_TOO_MANY_OBJECTS)
    LFX_CASE(VK_ERROR_FORMAT_NOT_SUPPORTED)
    LFX_CASE(VK_ERROR_SURFACE_LOST_KHR)
    LFX_CASE(VK_ERROR_NATIVE_WINDOW_IN_USE_KHR)
    LFX_CASE(VK_ERROR_OUT_OF_DATE_KHR)
    LFX_CASE(VK_ERROR_OUT_OF_POOL_MEMORY)
#undef LFX_CASE
    default:
      return "VkResult(unknown)";
  }
}

Result<void> vk_check(VkResult result, const char* what) {
  if (result == VK_SUCCESS) return success();
  return gpu_error(std::string(what) + ": " + vk_result_name(result));
}

}  // namespace lfx::gpu
