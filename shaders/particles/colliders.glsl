// Contacts with the colliders of one step. The including pass declares, before including:
//   ParticleCollider colliders[]   DistanceGridInfo distance_grids[]   float distance_values[]
// (buffers), and the step push constants (collider_first, collider_count).

struct Contact {
  float distance;  // m to the solid's surface, negative inside
  vec3 normal;     // unit, out of the solid
  vec3 velocity;   // m/s of the solid's surface there
};

// Whether a step's colliders may include mesh walls: without, the distance grid's branch is
// compiled away (the solver never lets a mesh wall reach a pass made without it).
layout(constant_id = LFX_PARTICLES_MESH_COLLIDERS_CONSTANT) const bool kMeshColliders = true;

vec4 quat_conjugate(vec4 q) { return vec4(-q.xyz, q.w); }

#include "particles/distance_grid.glsl"

// Whether a collider is a mesh wall (a shell of a thickness around a mesh, often thinner than a
// grid cell) rather than a solid body.
bool is_mesh_wall(ParticleCollider c) { return floatBitsToUint(c.position_kind.w) == kColliderShell; }

Contact collider_contact(ParticleCollider c, vec3 p) {
  uint kind = floatBitsToUint(c.position_kind.w);
  vec3 centre = c.position_kind.xyz;
  vec3 local = quat_rotate(quat_conjugate(c.rotation), p - centre);
  vec3 local_normal = vec3(0.0, 1.0, 0.0);
  float d = 0.0;
  if (kind == kColliderPlane) {
    d = local.y;
  } else if (kind == kColliderSphere) {
    d = length(local) - c.size.x;
    local_normal = length(local) > 0.0 ? normalize(local) : vec3(0.0, 1.0, 0.0);
  } else if (kind == kColliderBox) {
    vec3 q = abs(local) - (c.size.xyz - c.size.w);
    vec3 outside = max(q, 0.0);
    float inner = min(max(q.x, max(q.y, q.z)), 0.0);
    d = length(outside) + inner - c.size.w;
    if (length(outside) > 0.0) {
      local_normal = sign(local) * outside / length(outside);
    } else {
      local_normal = q.x > q.y && q.x > q.z ? vec3(sign(local.x), 0, 0)
                     : q.y > q.z            ? vec3(0, sign(local.y), 0)
                                            : vec3(0, 0, sign(local.z));
    }
  } else if (kMeshColliders) {
    DistanceGridInfo g = distance_grids[floatBitsToUint(c.velocity.w)];
    d = distance_at(g, local) - c.size.w;
    if (d < 2.0 * g.origin_cell.w + c.size.w) {
      float h = 0.5 * g.origin_cell.w;
      vec3 gradient = vec3(distance_at(g, local + vec3(h, 0, 0)) - distance_at(g, local - vec3(h, 0, 0)),
                           distance_at(g, local + vec3(0, h, 0)) - distance_at(g, local - vec3(0, h, 0)),
                           distance_at(g, local + vec3(0, 0, h)) - distance_at(g, local - vec3(0, 0, h)));
      local_normal = length(gradient) > 0.0 ? normalize(gradient) : vec3(0.0, 1.0, 0.0);
    }
  }
  Contact contact;
  contact.distance = d;
  contact.normal = quat_rotate(c.rotation, local_normal);
  contact.velocity = c.velocity.xyz + cross(c.angular.xyz, p - centre);
  return contact;
}

// A velocity with the part that goes into the solid removed (free slip), relative to the solid.
vec3 slide_along(vec3 velocity, Contact contact, vec3 solid_velocity) {
  vec3 relative = velocity - solid_velocity;
  float into = dot(relative, contact.normal);
  return into < 0.0 ? velocity - into * contact.normal : velocity;
}
