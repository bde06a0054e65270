// The narrow-range filter's weights (Truong and Yuksel 2018): a neighbour's depth is clamped
// into a band around the centre's before the Gaussian average, so the particles fuse into one
// surface while silhouettes and overlaps stay crisp. The including shader declares the filter
// push block.

// The filter radius in texels at view depth z: the particles' projected size, at least 3
// texels (particles smaller than a texel would otherwise stay a noise of dots), capped.
float pixels_per_metre_at(float z) { return pixels_per_metre / abs(clip_w.x + clip_w.y * z); }
int filter_reach(float z) { return clamp(int(world_radius * pixels_per_metre_at(z)), min(3, max_pixels), max_pixels); }

// The depth band around z: at least two texels' width at that depth, for the same reason.
float depth_band(float z) { return max(range, 2.0 / pixels_per_metre_at(z)); }
