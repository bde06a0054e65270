// The line a thread of a line pass takes (a thread a line, a workgroup a block of consecutive
// lines), the blocks in the spread order of shared/workgroup_order.h: a CPU driver such as
// lavapipe hands each of its threads one run of a dispatch's workgroups, so with the blocks in
// order a liquid lying in one part of the frame would be all one thread's lines while the others
// wait; spread, every run holds lines from all over the frame. A line's work is its own, so the
// order changes nothing else. (Included after the pass's local_size layout: its
// gl_WorkGroupSize is read here.)
#include "shared/workgroup_order.h"

int scattered_line() {
  uint blocks = gl_NumWorkGroups.x;
  uint block = spread_item(gl_WorkGroupID.x, blocks, spreading_stride(blocks));
  return int(block * gl_WorkGroupSize.x + gl_LocalInvocationID.x);
}
