// Workgroups in a spread order, for dispatches whose work varies from one end to the other.
//
// A CPU driver (lavapipe) hands each of its threads one run of consecutive workgroups of a
// dispatch. Where the work grows or shrinks across the dispatch (the compute rasteriser's
// containers, nearer ones covering more pixels), one thread then gets more of it and the other
// waits. Workgroup i taking item (i * stride) % count, with the stride coprime to the count and
// near 0.618 of it, gives every run items from all over the dispatch, each item once. It costs
// the locality of neighbouring items: spread singly or in runs of 8, the shadows' tiles (which
// share casters, and whose work did not lean to either end) took a little longer. A GPU, which
// starts workgroups as others finish, is indifferent to the order.
#ifndef LFX_SHARED_WORKGROUP_ORDER_H
#define LFX_SHARED_WORKGROUP_ORDER_H

#include "prelude.h"

LFX_SHARED_BEGIN

LFX_FN uint greatest_common_divisor(uint a, uint b) {
  while (b != 0u) {
    uint rest = a % b;
    a = b;
    b = rest;
  }
  return a;
}

// The stride for a dispatch of `count` workgroups (at most 65535, so that i * stride fits 32 bits:
// the stride is at most count + 1, which is always coprime to count).
LFX_FN uint spreading_stride(uint count) {
  uint stride = max(uint(float(count) * 0.618f + 0.5f), 1u);
  while (greatest_common_divisor(stride, count) != 1u) stride += 1u;
  return stride;
}

// The item workgroup i of `count` takes.
LFX_FN uint spread_item(uint i, uint count, uint stride) {
  return (i * stride) % count;
}

LFX_SHARED_END

#endif
