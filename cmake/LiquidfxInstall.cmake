# cmake --install: headers, libraries and a CMake package, so that a host project can
#   find_package(liquidfx) and link liquidfx::core / liquidfx::gpu (/ liquidfx::scene).
include(CMakePackageConfigHelpers)

set(liquidfx_targets liquidfx_core)
if(LIQUIDFX_GPU)
  list(APPEND liquidfx_targets liquidfx_gpu)
endif()

# core and gpu need only glm and Vulkan of a host; scene (JSON scenes, nlohmann_json in its
# headers) is a set of its own, loaded when nlohmann_json is found or the component is asked for.
install(TARGETS ${liquidfx_targets} EXPORT liquidfxTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(LIQUIDFX_GPU)
  install(TARGETS liquidfx_scene EXPORT liquidfxSceneTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT liquidfxSceneTargets NAMESPACE liquidfx:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/liquidfx)
endif()
# Public headers. Not installed: */detail/ (the library's own helpers and the tests' hooks, never
# included by a public header) and the window (GLFW: the CLI's and the viewer's).
install(DIRECTORY include/liquidfx DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} PATTERN window EXCLUDE
  PATTERN detail EXCLUDE)
# The math and structs shared by CPU and GPU are part of the public interface of core:
# #include "liquidfx/shared/liquid_surface.h" (also usable from a host's own GLSL, whose
# #include "shared/..." resolves with -I <prefix>/include/liquidfx).
install(DIRECTORY shaders/shared DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/liquidfx)
if(LIQUIDFX_GPU AND LIQUIDFX_APPS)
  install(TARGETS liquidfx RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

set(config_dir ${CMAKE_INSTALL_LIBDIR}/cmake/liquidfx)
install(EXPORT liquidfxTargets NAMESPACE liquidfx:: DESTINATION ${config_dir})
configure_package_config_file(cmake/liquidfxConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/liquidfxConfig.cmake INSTALL_DESTINATION ${config_dir})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/liquidfxConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/liquidfxConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/liquidfxConfigVersion.cmake DESTINATION ${config_dir})
