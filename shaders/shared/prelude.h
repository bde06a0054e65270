// The common subset of GLSL 4.60 and C++20 that shaders/shared/ is written in.
//
// Rules for shared code: float literals carry an f suffix (0.5f), no swizzles beyond single
// components (.x .y .z .w), no `in`/`out` parameter qualifiers (LFX_INOUT for inout), functions
// are declared LFX_FN, constants LFX_CONST. Types are GLSL's; in C++ they come from glm.
//
// Push-constant blocks are declared once here as a field list macro, LFX_<EFFECT>_<PASS>_PUSH:
// the shader writes `layout(push_constant) uniform Push { LFX_..._PUSH };` and C++ gets a struct
// of the same fields with static_asserts on its std430 size and offsets; a vec4 that std430
// aligns to 16 bytes after smaller fields is marked LFX_ALIGN16 (glm aligns it to 4).
#ifndef LFX_SHARED_PRELUDE_H
#define LFX_SHARED_PRELUDE_H

#ifdef __cplusplus
#include <cstddef>
#include <cstdint>
#include <glm/glm.hpp>
#define LFX_FN inline
#define LFX_CONST constexpr
#define LFX_INOUT(T) T&
#define LFX_SHARED_BEGIN  \
  namespace lfx::shared { \
  using namespace glm;    \
  using uint = std::uint32_t;
#define LFX_SHARED_END }
#define LFX_ALIGN16 alignas(16)
#else
#define LFX_FN
#define LFX_CONST const
#define LFX_INOUT(T) inout T
#define LFX_SHARED_BEGIN
#define LFX_SHARED_END
#define LFX_ALIGN16
#endif

#endif
