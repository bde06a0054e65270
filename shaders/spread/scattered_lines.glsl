// The line a thread of a line pass takes (a thread a line, a workgroup a block of consecutive
// lines), with the blocks in a scattered order: workgroup w takes block w x stride modulo the
// count of blocks, the stride coprime with the count and near 0.618 of it. A CPU driver such as
// lavapipe hands each of its threads one contiguous run of a dispatch's workgroups, so with the
// blocks in order a liquid lying in one part of the frame would be all one thread's lines while
// the others wait; scattered, every run holds lines from all over the frame. A line's work is its
// own, so the order changes nothing else. (Included after the pass's local_size layout: its
// gl_WorkGroupSize is read here.)

int greatest_common_divisor(int a, int b) {
  while (b != 0) {
    int r = a % b;
    a = b;
    b = r;
  }
  return a;
}

int scattered_line() {
  int blocks = int(gl_NumWorkGroups.x);
  int stride = max(int(round(0.618034 * float(blocks))), 1);
  while (greatest_common_divisor(stride, blocks) != 1) ++stride;  // at most blocks + 1
  uint block = (gl_WorkGroupID.x * uint(stride)) % uint(blocks);
  return int(block * gl_WorkGroupSize.x + gl_LocalInvocationID.x);
}
