// The common subset of GLSL 4.60 and C++20 that shaders/shared/ is written in.
//
// Rules for shared code: float literals carry an f suffix (0.5f), no swizzles beyond single
// components (.x .y .z .w), no `in`/`out` parameter qualifiers (LFX_INOUT for inout), functions
// are declared LFX_FN, constants LFX_CONST. Types are GLSL's; in C++ they come from glm.
#ifndef LFX_SHARED_PRELUDE_H
#define LFX_SHARED_PRELUDE_H

#ifdef __cplusplus
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
#else
#define LFX_FN
#define LFX_CONST const
#define LFX_INOUT(T) inout T
#define LFX_SHARED_BEGIN
#define LFX_SHARED_END
#endif

#endif
