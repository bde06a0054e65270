#include "liquidfx/gpu/render/host_frame.h"

#include <algorithm>
#include <string>
#include <vector>

namespace lfx::gpu {
namespace {

struct FormatName {
  VkFormat format;
  const char* name;
};
constexpr FormatName kColorFormats[] = {
    {VK_FORMAT_R16G16B16A16_SFLOAT, "R16G16B16A16_SFLOAT"}, {VK_FORMAT_B10G11R11_UFLOAT_PACK32, "B10G11R11_UFLOAT"},
    {VK_FORMAT_R8G8B8A8_UNORM, "R8G8B8A8_UNORM"},           {VK_FORMAT_R8G8B8A8_SRGB, "R8G8B8A8_SRGB"},
    {VK_FORMAT_B8G8R8A8_UNORM, "B8G8R8A8_UNORM"},           {VK_FORMAT_B8G8R8A8_SRGB, "B8G8R8A8_SRGB"},
};
constexpr FormatName kDepthFormats[] = {
    {VK_FORMAT_D32_SFLOAT, "D32_SFLOAT"},
    {VK_FORMAT_D32_SFLOAT_S8_UINT, "D32_SFLOAT_S8_UINT"},
    {VK_FORMAT_D24_UNORM_S8_UINT, "D24_UNORM_S8_UINT"},
    {VK_FORMAT_D16_UNORM, "D16_UNORM"},
};

template <std::size_t N>
const char* name_of(const FormatName (&table)[N], VkFormat format) {
  for (const FormatName& f : table)
    if (f.format == format) return f.name;
  return nullptr;
}

template <std::size_t N>
std::string list_of(const FormatName (&table)[N]) {
  std::string out;
  for (const FormatName& f : table) out += (out.empty() ? "" : ", ") + std::string(f.name);
  return out;
}

struct Need {
  VkImageUsageFlags usage;
  const char* usage_name;
  VkFormatFeatureFlags feature;  // of optimal tiling
  const char* feature_name;
};

Result<void> check_image(const Context& ctx, const HostImage& image, const char* role, const char* format_name,
                         std::initializer_list<Need> needs) {
  std::vector<std::string> missing;
  VkFormatProperties props{};
  vkGetPhysicalDeviceFormatProperties(ctx.physical_device(), image.format, &props);
  for (const Need& n : needs) {
    if (!(image.usage & n.usage)) missing.push_back(std::string("usage ") + n.usage_name);
    if (!(props.optimalTilingFeatures & n.feature))
      missing.push_back(std::string("the device's ") + n.feature_name + " for " + format_name);
  }
  if (missing.empty()) return success();
  std::string text;
  for (const std::string& m : missing) text += (text.empty() ? "" : ", ") + m;
  return input_error(std::string("host frame: the ") + role + " image lacks " + text);
}

}  // namespace

Result<void> check_host_frame(const Context& ctx, const HostFrame& frame) {
  if (!frame.color.image) return input_error("host frame: no colour image");
  const char* color_name = name_of(kColorFormats, frame.color.format);
  if (!color_name)
    return input_error("host frame: the colour format " + std::to_string(int(frame.color.format)) +
                       " is not one liquidfx draws into (" + list_of(kColorFormats) + ")");
  const bool depth = frame.depth.image != VK_NULL_HANDLE;
  const char* depth_name = name_of(kDepthFormats, frame.depth.format);
  if (depth && !depth_name)
    return input_error("host frame: the depth format " + std::to_string(int(frame.depth.format)) +
                       " is not one liquidfx tests against (" + list_of(kDepthFormats) + ")");
  const VkExtent2D c = frame.color.extent, d = frame.depth.extent;
  if (c.width == 0 || c.height == 0) return input_error("host frame: the colour image is 0 pixels");
  if (depth && (c.width != d.width || c.height != d.height))
    return input_error("host frame: the colour image is " + std::to_string(c.width) + "x" + std::to_string(c.height) +
                       ", the depth " + std::to_string(d.width) + "x" + std::to_string(d.height) +
                       "; they must be the same size");
  const std::uint32_t largest = ctx.properties().limits.maxImageDimension2D;
  if (c.width > largest || c.height > largest)
    return input_error("host frame: " + std::to_string(c.width) + "x" + std::to_string(c.height) +
                       " exceeds the device's largest image (" + std::to_string(largest) + ")");
  const VkRect2D v = frame.viewport;
  if ((v.extent.width == 0) != (v.extent.height == 0) || v.offset.x < 0 || v.offset.y < 0 ||
      std::uint64_t(v.offset.x) + v.extent.width > c.width || std::uint64_t(v.offset.y) + v.extent.height > c.height)
    return input_error("host frame: the viewport " + std::to_string(v.extent.width) + "x" +
                       std::to_string(v.extent.height) + " at (" + std::to_string(v.offset.x) + ", " +
                       std::to_string(v.offset.y) + ") does not lie inside the " + std::to_string(c.width) + "x" +
                       std::to_string(c.height) + " images");
  if (drawn_directly(frame)) {
    LFX_TRY(check_image(
        ctx, frame.color, "colour", color_name,
        {{VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, "COLOR_ATTACHMENT", VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT,
          "COLOR_ATTACHMENT"},
         {VK_IMAGE_USAGE_STORAGE_BIT, "STORAGE", VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT, "STORAGE_IMAGE"},
         {VK_IMAGE_USAGE_SAMPLED_BIT, "SAMPLED", VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT, "SAMPLED_IMAGE"},
         {VK_IMAGE_USAGE_TRANSFER_SRC_BIT, "TRANSFER_SRC", VK_FORMAT_FEATURE_TRANSFER_SRC_BIT, "TRANSFER_SRC"}}));
  } else {
    LFX_TRY(check_image(ctx, frame.color, "colour", color_name,
                        {{VK_IMAGE_USAGE_SAMPLED_BIT, "SAMPLED", VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT, "SAMPLED_IMAGE"},
                         {VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, "COLOR_ATTACHMENT",
                          VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT, "COLOR_ATTACHMENT"}}));
  }
  if (!depth) return success();
  LFX_TRY(check_image(ctx, frame.depth, "depth", depth_name,
                      {{VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, "DEPTH_STENCIL_ATTACHMENT",
                        VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT, "DEPTH_STENCIL_ATTACHMENT"},
                       {VK_IMAGE_USAGE_SAMPLED_BIT, "SAMPLED", VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT, "SAMPLED_IMAGE"}}));
  return success();
}

}  // namespace lfx::gpu
