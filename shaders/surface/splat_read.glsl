// A particle as the surface splats it: its grown sphere, stretched along its velocity into an
// ellipsoid (a fast particle smears along its path, so a jet reads as a stream rather than a
// string of beads), traced exactly along a pixel's ray. Shared by the compute splats and the
// raster splat, so both sum the same chords. The including shader declares `words` (the records),
// `count_words` (the live count), the splat push block and the frame block.

struct Splat {
  vec3 centre;      // view space (m)
  vec3 axis;        // view space, unit: the direction of the stretch
  float grown;      // the ellipsoid's radius across the axis (m)
  float stretch;    // its half-length along the axis over `grown` (1: a sphere)
  vec4 color_foam;  // the record's colour (0 without) and foam weight
};

vec3 read_vec3(uint byte_offset) {
  uint w = byte_offset / 4u;
  return vec3(uintBitsToFloat(words[w]), uintBitsToFloat(words[w + 1u]), uintBitsToFloat(words[w + 2u]));
}

uint live_count() { return use_buffer == 1u ? min(count_words[count_word], count) : count; }

// Record i as a splat; false past the live count or too close to the camera to draw.
bool load_splat(uint i, out Splat s) {
  if (i >= live_count()) return false;
  uint base = i * stride;
  s.centre = (frame.view * vec4(read_vec3(base + position_offset), 1.0)).xyz;
  float z = -s.centre.z;
  // Each sphere is splatted kSplatGrowth times its radius: touching spheres leave gaps between
  // them (a ray through a gap would see particles deeper down), 1.5 closes them on any lattice.
  // A far particle still covers a pixel and a half, so the liquid stays one sheet at any distance.
  s.grown = max(kSplatGrowth * radius, 1.5 * pixel_size_at_depth(z, frame.proj, float(size.y)));
  vec3 velocity = mat3(frame.view) * read_vec3(base + velocity_offset);
  float speed = length(velocity);
  // The distance covered in `stretch` seconds lengthens the ellipsoid, up to kSplatMaxStretch.
  s.stretch = clamp(1.0 + speed * stretch / s.grown, 1.0, kSplatMaxStretch);
  s.axis = speed > 0.0 ? velocity / speed : vec3(1.0, 0.0, 0.0);
  s.color_foam = vec4(0.0);
  if (has_color == 1u) s.color_foam.rgb = clamp(read_vec3(base + color_offset), 0.0, 1.0);
  if (has_foam == 1u) s.color_foam.a = clamp(uintBitsToFloat(words[(base + foam_offset) / 4u]), 0.0, 1.0);
  return z > frame.depth_planes.x + s.grown * s.stretch;
}

// A view-space ray through a surface pixel: from `origin` (on the eye plane, z = 0) along the
// unit `dir`.
struct PixelRay {
  vec3 origin;
  vec3 dir;
};

// The ray through surface pixel p (its centre), under any projection (shared/frame.h).
PixelRay pixel_ray(ivec2 p) {
  vec2 ndc = (vec2(p) + 0.5) / vec2(size) * 2.0 - 1.0;
  return PixelRay(view_ray_origin(ndc, frame.proj), normalize(view_ray_step(ndc, frame.proj)));
}

// Where the ray passes through the splat: the linear view depth of its entry, the liquid it
// stands for along the ray (m) and how central the ray is (1 through the middle, 0 at the rim).
// False when it misses.
bool trace_splat(Splat s, PixelRay ray, out float front, out float through, out float central) {
  // Squeezing space along the axis by 1/stretch turns the ellipsoid into a sphere of `grown`.
  float squeeze = 1.0 - 1.0 / s.stretch;
  vec3 dir = ray.dir, centre = s.centre - ray.origin;
  vec3 d = dir - squeeze * dot(dir, s.axis) * s.axis;
  vec3 c = centre - squeeze * dot(centre, s.axis) * s.axis;
  float a = dot(d, d), b = dot(d, c);
  float h = b * b - a * (dot(c, c) - s.grown * s.grown);
  if (h <= 0.0) return false;
  float root = sqrt(h);
  front = -dir.z * (b - root) / a;
  // A particle of radius r stands for a cube of liquid 2r wide (it touches its neighbours): the
  // chords through its ellipsoid (volume stretch x 4/3 pi grown^3) count (2r)^3 of it, so that
  // the thickness is the liquid's, not the splats'.
  float chord = 2.0 * root / a;
  float volume_share = 6.0 / (3.14159265 * kSplatGrowth * kSplatGrowth * kSplatGrowth * s.stretch);
  through = chord * volume_share;
  central = h / (a * s.grown * s.grown);
  return true;
}

// The surface pixels the splat can cover (inclusive corners, maybe empty): the exact screen
// bounds of its bounding sphere (the planes through the eye tangent to it, one axis at a time),
// capped at kSurfaceMaxSplatPixels around the centre so that a particle at the camera costs no
// more than one a little further.
vec2 tangent_slopes(float across, float depth, float r) {
  float root = r * sqrt(max(across * across + depth * depth - r * r, 0.0));
  return vec2(across * depth - root, across * depth + root) / (depth * depth - r * r);
}

void splat_rect(Splat s, out ivec2 lo, out ivec2 hi) {
  float bound = s.grown * s.stretch, depth = -s.centre.z;  // depth > bound: load_splat checks
  mat4 p = frame.proj;
  vec2 scale = vec2(p[0][0], p[1][1]), shear = vec2(p[2][0], p[2][1]);
  vec2 lo_ndc, hi_ndc, centre_ndc;
  if (frame.depth_planes.w > 0.5) {  // orthographic (w = p33): the sphere's own bounds, sheared
    scale /= p[3][3];
    shear /= p[3][3];
    centre_ndc = scale * s.centre.xy + shear * s.centre.z + vec2(p[3][0], p[3][1]) / p[3][3];
    vec2 reach = bound * (abs(scale) + abs(shear));
    lo_ndc = centre_ndc - reach;
    hi_ndc = centre_ndc + reach;
  } else {  // perspective (w = -p23 z): ndc = (scale * slope - shear) / -p23, slope = view x / depth
    float k = -p[2][3];
    vec2 x = (scale.x * tangent_slopes(s.centre.x, depth, bound) - shear.x) / k;
    vec2 y = (scale.y * tangent_slopes(s.centre.y, depth, bound) - shear.y) / k;
    centre_ndc = (scale * s.centre.xy / depth - shear) / k;
    lo_ndc = vec2(min(x.x, x.y), min(y.x, y.y));  // the image's y points down (p11 < 0)
    hi_ndc = vec2(max(x.x, x.y), max(y.x, y.y));
  }
  vec2 low = (lo_ndc * 0.5 + 0.5) * vec2(size), high = (hi_ndc * 0.5 + 0.5) * vec2(size);
  vec2 centre = (centre_ndc * 0.5 + 0.5) * vec2(size);
  vec2 cap = vec2(float(kSurfaceMaxSplatPixels));
  lo = max(ivec2(floor(max(low, centre - cap))), ivec2(0));
  hi = min(ivec2(floor(min(high, centre + cap))), size - 1);
}
