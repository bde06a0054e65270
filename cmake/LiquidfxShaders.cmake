# GLSL -> SPIR-V at build time (glslc, with #include dependency tracking through depfiles),
# validated by spirv-val, then embedded into one generated C++ source so that the installed
# library needs no shader files on disk.
find_program(GLSLC glslc REQUIRED)
find_program(SPIRV_VAL spirv-val REQUIRED)

# liquidfx_embed_shaders(OUT_CPP TABLE_FUNCTION SOURCE_ROOT shader1 shader2 ...)
# Each shader path is relative to SOURCE_ROOT and registered under that relative name in the
# table returned by lfx::gpu::detail::TABLE_FUNCTION(). #include resolves against the library's
# shaders/ folder and SOURCE_ROOT.
function(liquidfx_embed_shaders out_cpp table_function source_root)
  set(spv_files)
  set(names)
  foreach(rel IN LISTS ARGN)
    set(src ${source_root}/${rel})
    set(spv ${CMAKE_CURRENT_BINARY_DIR}/spirv/${rel}.spv)
    set(dep ${CMAKE_CURRENT_BINARY_DIR}/spirv/${rel}.d)
    get_filename_component(spv_dir ${spv} DIRECTORY)
    add_custom_command(
      OUTPUT ${spv}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${spv_dir}
      COMMAND ${GLSLC} --target-env=vulkan1.3 -std=460 -O -Werror -I ${PROJECT_SOURCE_DIR}/shaders -I ${source_root}
              -MD -MF ${dep} -MT ${spv} -o ${spv} ${src}
      COMMAND ${SPIRV_VAL} --target-env vulkan1.3 ${spv}
      MAIN_DEPENDENCY ${src}
      DEPFILE ${dep}
      COMMENT "glslc ${rel}"
      VERBATIM)
    list(APPEND spv_files ${spv})
    list(APPEND names ${rel})
  endforeach()
  add_custom_command(
    OUTPUT ${out_cpp}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out_cpp} -DTABLE=${table_function} "-DNAMES=${names}" "-DFILES=${spv_files}"
            -P ${PROJECT_SOURCE_DIR}/cmake/embed_spirv.cmake
    DEPENDS ${spv_files} ${PROJECT_SOURCE_DIR}/cmake/embed_spirv.cmake
    COMMENT "Embedding SPIR-V"
    VERBATIM)
endfunction()
