# fx2cAddModel.cmake: fx2c_add_model(), which compiles a PyTorch FX graph into a static library of the build.
# Included by fx2cConfig.cmake (find_package(fx2c)) and by fx2c's own CMakeLists.txt (add_subdirectory).
#
#   fx2c_add_model(<target>
#                  GRAPH <graph.fx>
#                  [MODULES <modules.txt>]
#                  [WEIGHTS <weights.safetensors|.pt|.pth>]
#                  INPUTS <spec>...
#                  [PREFIX <name>]
#                  [WEIGHTS_FILE]
#                  [OPTIONS <fx2c compile argument>...])
#
# At build time, runs
#   fx2c compile <graph> [--modules <modules>] [--weights <weights>] --input <spec>... --prefix <name>
#        [--weights-file] [<options>...] --emit c -o ${CMAKE_CURRENT_BINARY_DIR}/fx2c_<target>
# with the fx2c of the package (the target fx2c::fx2c), again whenever the graph, the modules, the weights, an
# input's .npy file or fx2c itself changes, and builds the generated model.c into the static library <target>,
# which links fx2c::fxrt PUBLIC. The runtime is that one library: the copies of the runtime that fx2c writes next
# to model.c are not compiled, so any number of models link into one program.
#
#   GRAPH         the text of print(gm.graph) (or gm.graph.print_tabular())
#   MODULES       the text of print(model) or print(gm), for call_module nodes
#   WEIGHTS       the state_dict as .safetensors, or .pt/.pth as written by torch.save
#   INPUTS        one spec per input of the graph: NAME:DTYPE[D0,D1,...] (quote it: "x:f32[1,3,224,224]") or
#                 NAME=FILE.npy; DTYPE is one of f32 f64 f16 bf16 i64 i32 i16 i8 u8 bool
#   PREFIX        the C prefix of the exported names: <prefix>_run, <PREFIX>_WORKSPACE_SIZE, <PREFIX>_INPUT0_NUMEL,
#                 ... (the macros upper-cased). Default: <target>, which then has to be a C identifier. Programs that
#                 link several models need a distinct prefix for each.
#   WEIGHTS_FILE  the weights go to model_weights.bin, which the program loads and passes to <prefix>_run, instead
#                 of being compiled into the library (model_weights.h)
#   OPTIONS       more arguments of fx2c compile, e.g. -O2 or --report (not -o, --emit, --prefix, --modules,
#                 --weights, --input or --weights-file, which the keywords above give)
# Relative paths (GRAPH, MODULES, WEIGHTS, the .npy files of INPUTS) are relative to CMAKE_CURRENT_SOURCE_DIR; so is
# the working directory of fx2c, for relative paths in OPTIONS.
#
# Use from C: #include "<prefix>.h" (a header in fx2c_<target>/include/ that includes the generated model.h). The
# library's PUBLIC include directories are that folder and fx2c_<target>/ itself, so a program with a single model
# may also #include "model.h"; with several, "model.h" is ambiguous and "<prefix>.h" is the one to use.
#
# Properties set on <target>:
#   FX2C_OUTPUT_DIR    the folder fx2c writes (model.c, model.h, model_weights.h or .bin, copies of the runtime)
#   FX2C_PREFIX        the prefix
#   FX2C_HEADER        the path of <prefix>.h
#   FX2C_WEIGHTS_FILE  with WEIGHTS_FILE, the path of model_weights.bin (e.g. to install it next to the program)
#
# Example:
#   find_package(fx2c REQUIRED)
#   fx2c_add_model(resnet GRAPH resnet18.fx MODULES resnet18.modules.txt WEIGHTS resnet18.safetensors
#                  INPUTS "x:f32[1,3,224,224]")
#   add_executable(app main.c)              # main.c: #include "resnet.h" ... resnet_run(x, y, workspace)
#   target_link_libraries(app PRIVATE resnet)
#
# Needs CMake 3.15 and the C language enabled in the calling project.
include_guard(GLOBAL)

if(CMAKE_VERSION VERSION_LESS 3.15)
  message(FATAL_ERROR "fx2c_add_model needs CMake 3.15 or later (this is ${CMAKE_VERSION})")
endif()

function(fx2c_add_model target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "WEIGHTS_FILE" "GRAPH;MODULES;WEIGHTS;PREFIX" "INPUTS;OPTIONS")
  set(what "fx2c_add_model(${target})")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${what}: unexpected arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(arg_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "${what}: ${arg_KEYWORDS_MISSING_VALUES} needs a value")
  endif()
  if(TARGET ${target})
    message(FATAL_ERROR "${what}: a target named ${target} already exists")
  endif()
  if(NOT DEFINED arg_GRAPH)
    message(FATAL_ERROR "${what}: GRAPH <graph.fx> is required")
  endif()
  if(NOT arg_INPUTS)
    message(FATAL_ERROR "${what}: INPUTS is required: one spec per input of the graph, NAME:DTYPE[D0,...] "
                        "(e.g. \"x:f32[1,3,224,224]\") or NAME=FILE.npy")
  endif()
  foreach(needed fx2c::fx2c fx2c::fxrt)
    if(NOT TARGET ${needed})
      message(FATAL_ERROR "${what}: the target ${needed} is not defined: call find_package(fx2c) first")
    endif()
  endforeach()
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT "C" IN_LIST languages)
    message(FATAL_ERROR "${what}: the generated code is C: enable the language, e.g. project(... LANGUAGES C) "
                        "or enable_language(C)")
  endif()

  if(DEFINED arg_PREFIX)
    set(prefix "${arg_PREFIX}")
    set(prefix_from "PREFIX '${prefix}'")
  else()
    set(prefix "${target}")
    set(prefix_from "the prefix defaults to the target name '${target}', which")
  endif()
  if(NOT prefix MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
    message(FATAL_ERROR "${what}: ${prefix_from} is not a C identifier (letters, digits and '_', not starting with "
                        "a digit); pass PREFIX <name>")
  endif()

  foreach(option IN LISTS arg_OPTIONS)
    if(option MATCHES "^(-o|--emit|--prefix|--modules|--weights|--input|--weights-file)(=.*)?$")
      message(FATAL_ERROR "${what}: OPTIONS must not contain ${CMAKE_MATCH_1}: fx2c_add_model passes it (see the "
                          "keywords GRAPH, MODULES, WEIGHTS, INPUTS, PREFIX and WEIGHTS_FILE)")
    endif()
  endforeach()

  # Arguments and dependencies, with absolute paths.
  get_filename_component(graph "${arg_GRAPH}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  set(args compile "${graph}")
  set(depends "${graph}")
  foreach(kind MODULES WEIGHTS)
    if(DEFINED arg_${kind})
      get_filename_component(file "${arg_${kind}}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      string(TOLOWER "--${kind}" flag)
      list(APPEND args ${flag} "${file}")
      list(APPEND depends "${file}")
    endif()
  endforeach()
  foreach(spec IN LISTS arg_INPUTS)
    if(spec MATCHES "^([^:=]+)=(.+)$")
      get_filename_component(file "${CMAKE_MATCH_2}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      set(spec "${CMAKE_MATCH_1}=${file}")
      list(APPEND depends "${file}")
    endif()
    list(APPEND args --input "${spec}")
  endforeach()
  list(APPEND args --prefix "${prefix}")

  set(dir "${CMAKE_CURRENT_BINARY_DIR}/fx2c_${target}")
  set(outputs "${dir}/model.c" "${dir}/model.h")
  if(arg_WEIGHTS_FILE)
    list(APPEND args --weights-file)
    list(APPEND outputs "${dir}/model_weights.bin")
  else()
    list(APPEND outputs "${dir}/model_weights.h")
  endif()
  list(APPEND args ${arg_OPTIONS} --emit c -o "${dir}")

  file(RELATIVE_PATH shown "${CMAKE_CURRENT_SOURCE_DIR}" "${graph}")
  if(shown MATCHES "^\\.\\./")
    set(shown "${graph}")
  endif()
  add_custom_command(OUTPUT ${outputs}
                     COMMAND fx2c::fx2c ${args}
                     DEPENDS ${depends} fx2c::fx2c
                     WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
                     COMMENT "fx2c: compiling ${shown} into ${target} (prefix ${prefix})"
                     VERBATIM)

  # <prefix>.h, in a folder of its own: a name for the model's header that no other model or generated file has.
  set(header "${dir}/include/${prefix}.h")
  file(GENERATE OUTPUT "${header}" CONTENT
"/* ${prefix}.h: ${prefix}_run and the ${prefix}_* macros, written by fx2c_add_model(${target}) of fx2cAddModel.cmake.
 * The declarations are in the generated model.h, one folder up. */
#include \"../model.h\"
")

  set(sources ${outputs})
  list(FILTER sources EXCLUDE REGEX "\\.bin$")
  add_library(${target} STATIC ${sources} "${header}")
  target_include_directories(${target} PUBLIC "$<BUILD_INTERFACE:${dir}/include>" "$<BUILD_INTERFACE:${dir}>")
  target_link_libraries(${target} PUBLIC fx2c::fxrt)
  target_compile_features(${target} PRIVATE c_std_99)
  set_target_properties(${target} PROPERTIES FX2C_OUTPUT_DIR "${dir}" FX2C_PREFIX "${prefix}" FX2C_HEADER "${header}")
  if(arg_WEIGHTS_FILE)
    set_target_properties(${target} PROPERTIES FX2C_WEIGHTS_FILE "${dir}/model_weights.bin")
  endif()
endfunction()
