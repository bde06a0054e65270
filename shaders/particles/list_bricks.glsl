// Lists the grid's bricks that pass a test, in grid order (so sums over them add in the same
// order every run), by one workgroup of 256 invocations: each takes a run of bricks, counts those
// it lists, and learns where its entries start. Include after mac_common.glsl.
shared uint list_starts[256];
shared uint list_length;

// This invocation's run [x, y) of `total` bricks.
uvec2 list_run(uint total) {
  uint chunk = (total + 255u) / 256u;
  uint begin = min(gl_LocalInvocationIndex * chunk, total);
  return uvec2(begin, min(begin + chunk, total));
}

// Where this invocation's `count` entries start; `listed` gets the list's length. Every
// invocation calls it.
uint list_start(uint count, out uint listed) {
  uint t = gl_LocalInvocationIndex;
  list_starts[t] = count;
  barrier();
  if (t == 0u) {
    uint running = 0u;
    for (uint i = 0u; i < 256u; ++i) {
      uint c = list_starts[i];
      list_starts[i] = running;
      running += c;
    }
    list_length = running;
  }
  barrier();
  listed = list_length;
  return list_starts[t];
}
