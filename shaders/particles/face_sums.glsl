// The incompressible solver's particle-to-grid sums: a face's mass and momentum share one 64-bit
// integer, the mass in the high 32 bits and the momentum (signed) in the low 32, so a particle
// adds both with one atomic instead of two (on a CPU driver the atomics are most of the pass).
// Both are fixed point as in particles_common.glsl; the momentum's sum stays within 32 bits as
// the separate sums had to, so the mass is what lies above it. The including shader enables
// GL_EXT_shader_explicit_arithmetic_types_int64 (and GL_EXT_shader_atomic_int64 to add).

int64_t face_sum(float mass, float momentum) { return (int64_t(to_fixed(mass)) << 32) + int64_t(to_fixed(momentum)); }

// The low 32 bits, read as signed.
float face_momentum(int64_t sum) { return from_fixed(int(sum)); }
float face_mass(int64_t sum) { return from_fixed(int((sum - int64_t(int(sum))) >> 32)); }
