# Compiler flags shared by every liquidfx target: warnings (errors in CI) and the sanitizers.
# A function rather than an interface target, so that nothing of it is exported on install.
function(liquidfx_target_flags target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
    -Wno-sign-conversion -Wno-missing-field-initializers -Wnon-virtual-dtor -Woverloaded-virtual)
  # GCC 12 at -O3 reports -Wrestrict false positives inside std::string (GCC bug 105329).
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(LIQUIDFX_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(LIQUIDFX_FUZZ)
    # Coverage for libFuzzer in every target; the fuzz executables link the fuzzer itself.
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
  endif()
  if(LIQUIDFX_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined
      -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
endfunction()
