// Key-framed curves shared by the camera and the tracks: C1 Hermite segments through the keys,
// tangents from the neighbouring keys' slopes scaled to the segment, so that unevenly spaced
// keys do not overshoot (Catmull-Rom for non-uniform times).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace lfx::scene {

/// The value of keys[*].*field at `time` inside the segment keys[i] .. keys[i + 1]; Key has a
/// `double time`, keys are in increasing time order.
template <class Key, class V>
V hermite_through(const std::vector<Key>& keys, std::size_t i, double time, V Key::*field) {
  const Key& k1 = keys[i];
  const Key& k2 = keys[i + 1];
  const Key& k0 = keys[i > 0 ? i - 1 : i];
  const Key& k3 = keys[std::min(i + 2, keys.size() - 1)];
  const float h = float(k2.time - k1.time);
  const V m1 = k2.time > k0.time ? (k2.*field - k0.*field) * (h / float(k2.time - k0.time)) : V(0.0f);
  const V m2 = k3.time > k1.time ? (k3.*field - k1.*field) * (h / float(k3.time - k1.time)) : V(0.0f);
  const float s = float((time - k1.time) / (k2.time - k1.time)), s2 = s * s, s3 = s2 * s;
  return (2 * s3 - 3 * s2 + 1) * k1.*field + (s3 - 2 * s2 + s) * m1 + (-2 * s3 + 3 * s2) * k2.*field + (s3 - s2) * m2;
}

}  // namespace lfx::scene
