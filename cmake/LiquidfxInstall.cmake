# cmake --install: headers, libraries and a CMake package, so that a host project can
#   find_package(liquidfx) and link liquidfx::core / liquidfx::gpu (/ liquidfx::scene).
include(CMakePackageConfigHelpers)

set(liquidfx_targets liquidfx_core)
if(LIQUIDFX_GPU)
  list(APPEND liquidfx_targets liquidfx_gpu liquidfx_scene)
endif()

install(TARGETS ${liquidfx_targets} EXPORT liquidfxTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# Public headers; what they need but users should not call lives under */detail/. The window
# (GLFW) is the CLI's and the viewer's, not the library's: not installed.
install(DIRECTORY include/liquidfx DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} PATTERN window EXCLUDE)
# The math and structs shared by CPU and GPU are part of the public interface of core:
# #include "shared/liquid_surface.h" (also usable from a host's own GLSL).
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
