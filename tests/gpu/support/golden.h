// Golden-image comparison. A pixel differs when its largest channel difference exceeds
// `channel`; the image matches when at most `share` of its pixels differ. On a mismatch the
// actual image and a diff image are written to the build's test-output/ folder.
// With LIQUIDFX_BLESS=1 the actual image replaces tests/golden/NAME.png instead (see
// scripts/bless-goldens.sh; look at every image before committing it).
#pragma once

#include <string>

#include "liquidfx/core/image.h"
#include "liquidfx/core/result.h"

namespace lfx::test {

struct Tolerance {
  int channel = 8;       ///< Largest channel difference (0..255) a pixel may have and still match.
  double share = 0.002;  ///< Share of pixels allowed to differ.
};

struct ImageDifference {
  int largest_channel = 0;       ///< Over all pixels.
  double share_differing = 0.0;  ///< Share of pixels whose largest channel difference > tolerance.
  ImageRgba8 diff;               ///< Differences amplified for viewing.
};

/// Compares two images of the same size.
ImageDifference compare_images(const ImageRgba8& expected, const ImageRgba8& actual, int channel_tolerance);

/// Compares `actual` with tests/golden/NAME.png (or blesses it). An empty result means it matched.
std::string check_golden(const std::string& name, const ImageRgba8& actual, const Tolerance& tolerance);

/// Where failing tests write images: the build's test-output/ folder (created on demand).
std::string test_output_path(const std::string& file);

}  // namespace lfx::test
