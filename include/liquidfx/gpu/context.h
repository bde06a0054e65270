// lfx::gpu::Context: the Vulkan 1.3 instance, device and queue that liquidfx records for.
// Created by liquidfx (headless, or able to present to a window surface), or adopting a host
// engine's own instance / physical device / device / queue.
#pragma once

#include <vulkan/vulkan.h>

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "liquidfx/core/result.h"

namespace lfx::gpu {

class UploadRing;

/// What a physical device is and whether liquidfx can run on it.
struct DeviceInfo {
  std::uint32_t index = 0;
  std::string name;
  std::string type;         ///< "discrete", "integrated", "virtual", "cpu", "other".
  std::string api_version;  ///< "1.3.230".
  std::string driver;       ///< Driver name and info.
  std::uint64_t device_local_bytes = 0;
  bool vulkan_1_3 = false;
  bool dynamic_rendering = false;
  bool synchronization2 = false;
  bool push_descriptor = false;  ///< VK_KHR_push_descriptor.
  bool timestamps = false;       ///< Timestamps on the graphics+compute queue.
  /// shaderInt64, shaderBufferInt64Atomics and fragmentStoresAndAtomics: the bottle effect needs
  /// them (the rest of liquidfx does not).
  bool fragment_int64_atomics = false;
  bool suitable = false;  ///< All of the above that liquidfx needs.
  std::string missing;    ///< Why not suitable, empty when suitable.
};

/// Every Vulkan device on the system with what it supports. Creates a temporary instance.
Result<std::vector<DeviceInfo>> list_devices();

/// Whether validation is on by default: in debug builds, or when LIQUIDFX_VALIDATION=1
/// (LIQUIDFX_VALIDATION=0 turns it off).
bool validation_default();

struct ContextOptions {
  /// Khronos validation layer with synchronization validation. Messages go to the logger and are
  /// counted (Context::validation_messages).
  bool validation = validation_default();
  /// Device selector: an index from `liquidfx devices` or a case-insensitive substring of the
  /// name. Empty: $LIQUIDFX_DEVICE, else the first suitable device, discrete GPUs first.
  std::string device;
  /// Extra instance extensions, e.g. those a window system needs for its surface.
  std::vector<std::string> instance_extensions;
  /// When set, called once with the new instance to create the window surface; the chosen queue
  /// must be able to present to it, VK_KHR_swapchain is enabled, and the Context owns the surface.
  std::function<VkResult(VkInstance, VkSurfaceKHR*)> create_surface;
};

/// The device features and extensions liquidfx uses, as a device was created with them (Vulkan
/// cannot be asked afterwards, so a host says how it made its device).
struct DeviceFeatures {
  // Every effect needs these (Vulkan 1.3 devices support all of them).
  bool dynamic_rendering = false;      ///< Vulkan 1.3: every raster pass.
  bool synchronization2 = false;       ///< Vulkan 1.3: every barrier.
  bool maintenance4 = false;           ///< Vulkan 1.3: SPIR-V 1.6 compute shaders (LocalSizeId).
  bool timeline_semaphore = false;     ///< Vulkan 1.2: frame-fenced lifetime (Context::retire).
  bool buffer_device_address = false;  ///< Vulkan 1.2: buffers reached by address.
  bool push_descriptor = false;        ///< VK_KHR_push_descriptor: every pass's bindings.
  // One effect needs these, and says so by name when they are missing.
  bool shader_int64 = false;                 ///< bottle, incompressible particles: 64-bit integers.
  bool shader_buffer_int64_atomics = false;  ///< bottle: atomic min; particles: atomic add.
  bool fragment_stores_and_atomics = false;  ///< bottle's surfaces pass; surface's raster splat.

  /// What `info` enables: its pEnabledFeatures or a VkPhysicalDeviceFeatures2 in its pNext
  /// chain, the Vulkan 1.2 / 1.3 feature structs or the single-feature structs they gather, and
  /// its extensions.
  static DeviceFeatures enabled_by(const VkDeviceCreateInfo& info);
  /// The features every effect needs that are not enabled, by their Vulkan names
  /// ("timelineSemaphore (Vulkan 1.2)", "VK_KHR_push_descriptor"); empty when all are.
  std::vector<std::string> missing_required() const;
  /// What the bottle effect needs (a 64-bit atomic min in fragment shaders).
  bool fragment_int64_atomics() const {
    return shader_int64 && shader_buffer_int64_atomics && fragment_stores_and_atomics;
  }
  /// What the particles' incompressible solver needs (a 64-bit atomic add in compute shaders).
  bool compute_int64_atomics() const { return shader_int64 && shader_buffer_int64_atomics; }
};

/// A host engine's Vulkan objects, for Context::adopt. The queue must support graphics and
/// compute. A host that submits liquidfx's recorded work itself adds Context::next_signal() to
/// that submission, so that retired resources are freed.
struct AdoptInfo {
  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physical_device = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  std::uint32_t queue_family = 0;
  /// The VkDeviceCreateInfo the device was created with (read during adopt only, not kept):
  /// adopt checks that it enables every feature and extension of DeviceFeatures that every
  /// effect needs, and refuses naming each one missing; the optional ones decide which effects
  /// can be made. Required.
  const VkDeviceCreateInfo* device_info = nullptr;
  /// The instance enables VK_EXT_debug_utils: liquidfx names its objects and labels its passes.
  bool debug_utils = false;
  /// Also count validation messages (Context::validation_messages) through a messenger of
  /// liquidfx's own on the instance, which needs `debug_utils`; messages come only when the host
  /// enabled the validation layer. Without it validation_enabled() is false: liquidfx cannot
  /// see the host's messages.
  bool count_validation_messages = false;
};

class Context {
 public:
  /// Creates an instance and device. Errors are GPU errors (CLI exit 3) and say which device
  /// was asked for and which exist.
  static Result<std::unique_ptr<Context>> create(const ContextOptions& options = {});
  /// Wraps a host's objects without owning them (they are not destroyed with the Context).
  static Result<std::unique_ptr<Context>> adopt(const AdoptInfo& info);

  /// Waits for the device to go idle (vkDeviceWaitIdle: a host's device too, with whatever the
  /// host still has in flight), then frees the retired objects, the staging ring and its own
  /// Vulkan objects; an adopted device, queue and instance stay the host's. Destroy every
  /// liquidfx object made with this Context before it.
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  VkInstance instance() const { return instance_; }
  VkPhysicalDevice physical_device() const { return physical_device_; }
  VkDevice device() const { return device_; }
  VkQueue queue() const { return queue_; }
  std::uint32_t queue_family() const { return queue_family_; }
  VkSurfaceKHR surface() const { return surface_; }
  const VkPhysicalDeviceProperties& properties() const { return properties_; }
  /// The device's memory types and heaps (read once when the context is made).
  const VkPhysicalDeviceMemoryProperties& memory_properties() const { return memory_properties_; }
  std::string device_name() const { return properties_.deviceName; }
  /// Nanoseconds per timestamp tick; 0 when the queue has no timestamps.
  double timestamp_period_ns() const { return timestamp_period_ns_; }

  /// A memory type index with all of `required` (and `preferred` if one exists), or UINT32_MAX.
  std::uint32_t find_memory_type(std::uint32_t type_bits, VkMemoryPropertyFlags required,
                                 VkMemoryPropertyFlags preferred = 0) const;
  /// Whether `format` supports all `features` for optimal-tiling images.
  bool supports_format(VkFormat format, VkFormatFeatureFlags2 features) const;
  /// Whether compute shaders have subgroup arithmetic with subgroups of 4 invocations or more
  /// (the incompressible particles' pressure solve sums per subgroup).
  bool compute_subgroup_arithmetic() const;

  /// The convenience path for callers without a frame loop: records into a fresh command buffer
  /// (the staged uploads first), submits it to the queue and waits for it.
  Result<void> submit_and_wait(const std::function<void(VkCommandBuffer)>& record);

  // Frame-fenced lifetime. Every submission of liquidfx's work signals the Context's timeline
  // semaphore with the next serial (1, 2, 3...), so the Context knows which work the GPU has
  // finished. Resources replaced while frames are in flight are retired, not destroyed: they
  // live until every submission that may use them has completed. No vkDeviceWaitIdle needed.

  /// Submits a command buffer the caller recorded, signalling the timeline (and `signals`, and
  /// `fence` when given) after waiting for `waits`. Does not wait. Returns the serial it signals.
  Result<std::uint64_t> submit(VkCommandBuffer cmd, std::span<const VkSemaphoreSubmitInfo> waits = {},
                               std::span<const VkSemaphoreSubmitInfo> signals = {}, VkFence fence = VK_NULL_HANDLE);
  /// For hosts that submit liquidfx's work themselves: the signal to add to that vkQueueSubmit2
  /// (the timeline semaphore and the next serial). Each call takes a new serial, and frees the
  /// retired objects whose submissions have completed (as FrameRenderer::prepare does), so a
  /// host's frame loop needs no other call for them.
  VkSemaphoreSubmitInfo next_signal();
  /// Blocks until the submission with this serial has completed: a GPU error after the GPU
  /// timeout (set_gpu_timeout), which the Context remembers (gpu_timed_out). The work may then
  /// still be running: wait for the device (vkDeviceWaitIdle) before destroying liquidfx objects
  /// it may use, or end the process (the liquidfx program exits with code 3 without freeing).
  Result<void> wait_for(std::uint64_t serial) const;
  /// How long wait_for (and submit_and_wait) waits: 120 s by default; an input error (and the
  /// timeout kept) unless 0 < seconds <= 1e9.
  Result<void> set_gpu_timeout(double seconds);
  double gpu_timeout() const { return double(gpu_timeout_ns_) * 1e-9; }
  /// Whether a wait has run past the GPU timeout.
  bool gpu_timed_out() const { return gpu_timed_out_; }
  /// The serial of the last submission made (0: none yet) and of the last one completed.
  std::uint64_t submitted_serial() const;
  std::uint64_t completed_serial() const;

  /// Keeps `object` (a Buffer, Image, Pipeline, Sampler: anything movable that frees Vulkan
  /// objects in its destructor) until the GPU has finished every submission made so far and the
  /// next one, then destroys it. Call it from a prepare step, before recording: the object may
  /// be in use by submitted work but must not be recorded again.
  template <class T>
  void retire(T&& object) const {
    retire_holder(std::make_unique<Held<std::decay_t<T>>>(std::forward<T>(object)));
  }
  /// Destroys the retired objects whose submissions have completed. Every submission,
  /// next_signal() and FrameRenderer::prepare call it.
  void collect() const;
  /// How many retired objects wait for the GPU (for tests).
  std::size_t retired_count() const;

  // Uploads. upload_buffer and upload_image (transfer.h) copy the bytes into a staging ring at
  // once and never submit: the copies are recorded, with their barriers, at the start of the
  // next command buffer liquidfx records into (FrameRenderer::record, submit_and_wait).

  /// Records the staged uploads into cmd. FrameRenderer::record and submit_and_wait call it
  /// first; a host recording liquidfx objects' commands some other way calls it before them.
  void record_uploads(VkCommandBuffer cmd) const;
  /// How many staged copies wait for the next recording (for tests).
  std::size_t pending_uploads() const;
  /// The staging ring itself (private to liquidfx's gpu library; null while the Context is
  /// being destroyed).
  UploadRing* upload_ring() const { return uploads_.get(); }

  /// Gives an object a name that validation messages and debuggers show (no-op without
  /// VK_EXT_debug_utils).
  void set_name(VkObjectType type, std::uint64_t handle, const char* name) const;
  /// Opens / closes a labelled region in a command buffer (no-op without VK_EXT_debug_utils).
  void begin_label(VkCommandBuffer cmd, const char* name) const;
  void end_label(VkCommandBuffer cmd) const;

  /// Records a push-descriptor update (VK_KHR_push_descriptor).
  void push_descriptors(VkCommandBuffer cmd, VkPipelineBindPoint bind_point, VkPipelineLayout layout,
                        std::uint32_t count, const VkWriteDescriptorSet* writes) const;

  /// What the device was created with: create() enables the optional features where the device
  /// has them; adopt() reads AdoptInfo::device_info.
  const DeviceFeatures& features() const { return features_; }
  /// Whether fragment shaders may use 64-bit storage-buffer atomics (the bottle effect).
  bool fragment_int64_atomics() const { return features_.fragment_int64_atomics(); }
  /// Whether compute shaders may add 64-bit integers atomically (the incompressible particles).
  bool compute_int64_atomics() const { return features_.compute_int64_atomics(); }

  /// Whether validation messages are counted (a messenger of liquidfx's own is installed).
  bool validation_enabled() const { return debug_messenger_ != VK_NULL_HANDLE; }
  /// Validation warnings and errors reported since creation. Every GPU test requires 0.
  std::uint64_t validation_messages() const { return validation_messages_.load(); }

 private:
  Context() = default;
  struct Holder {
    virtual ~Holder() = default;
  };
  template <class T>
  struct Held final : Holder {
    explicit Held(T&& v) : value(std::move(v)) {}
    T value;
  };
  void retire_holder(std::unique_ptr<Holder> holder) const;
  Result<void> load_device_functions();
  static VKAPI_ATTR VkBool32 VKAPI_CALL on_debug_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                         VkDebugUtilsMessageTypeFlagsEXT types,
                                                         const VkDebugUtilsMessengerCallbackDataEXT* data, void* user);

  void load_debug_utils();
  Result<void> install_messenger();

  bool owns_objects_ = false;
  DeviceFeatures features_;
  VkInstance instance_ = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT debug_messenger_ = VK_NULL_HANDLE;
  VkSurfaceKHR surface_ = VK_NULL_HANDLE;
  VkPhysicalDevice physical_device_ = VK_NULL_HANDLE;
  VkDevice device_ = VK_NULL_HANDLE;
  VkQueue queue_ = VK_NULL_HANDLE;
  std::uint32_t queue_family_ = 0;
  VkCommandPool immediate_pool_ = VK_NULL_HANDLE;
  VkSemaphore timeline_ = VK_NULL_HANDLE;
  std::unique_ptr<UploadRing> uploads_;
  std::uint64_t submitted_ = 0;  // the serial the last submission signals
  mutable std::mutex retired_mutex_;
  mutable std::deque<std::pair<std::uint64_t, std::unique_ptr<Holder>>> retired_;  // (serial to wait for, object)
  VkPhysicalDeviceProperties properties_{};
  VkPhysicalDeviceMemoryProperties memory_properties_{};
  double timestamp_period_ns_ = 0.0;
  std::atomic<std::uint64_t> validation_messages_{0};
  std::uint64_t gpu_timeout_ns_ = 120ull * 1000 * 1000 * 1000;
  mutable std::atomic<bool> gpu_timed_out_{false};

  PFN_vkSetDebugUtilsObjectNameEXT set_object_name_ = nullptr;
  PFN_vkCmdBeginDebugUtilsLabelEXT cmd_begin_label_ = nullptr;
  PFN_vkCmdEndDebugUtilsLabelEXT cmd_end_label_ = nullptr;
  PFN_vkCmdPushDescriptorSetKHR cmd_push_descriptor_set_ = nullptr;
};

/// "VK_ERROR_DEVICE_LOST" etc.
const char* vk_result_name(VkResult result);

/// A GPU error "what: VK_ERROR_..." when result is not VK_SUCCESS.
Result<void> vk_check(VkResult result, const char* what);

}  // namespace lfx::gpu
