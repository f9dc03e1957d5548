# Profile-guided optimisation (GCC's -fprofile-generate / -fprofile-use) of
# the rules core and the engine (issue 30 item 3, session 24; docs/BENCH.md).
# scripts/pgo_build.sh drives the three steps in one build directory:
#   TABULA_PGO=generate  the core and the engine compiled to count their
#                        branches and calls, every program that links them
#                        linked to write the counts (.gcda files, one per
#                        object) into TABULA_PGO_DIR when it exits;
#   (training)           scripts/pgo_train.sh runs the instrumented `tabula`;
#   TABULA_PGO=use       the core and the engine compiled again from the
#                        counts: branch layout, inlining and hot/cold split
#                        from real runs.
# Empty (the default, and scripts/test.sh's build): no profile at all.
# The same directory for both steps: GCC names each object's .gcda after the
# object's absolute path.
set(TABULA_PGO "" CACHE STRING "Profile-guided optimisation of the core and the engine: empty (off), generate or use")
set_property(CACHE TABULA_PGO PROPERTY STRINGS "" generate use)
set(TABULA_PGO_DIR "${CMAKE_BINARY_DIR}/pgo" CACHE PATH "Where the training run's profile (.gcda files) is written and read")
if(TABULA_PGO AND NOT TABULA_PGO MATCHES "^(generate|use)$")
  message(FATAL_ERROR "TABULA_PGO=${TABULA_PGO}: expected empty (off), generate or use")
endif()
if(TABULA_PGO AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  message(FATAL_ERROR "TABULA_PGO=${TABULA_PGO} needs GCC (the profile is GCC's .gcda format); "
                      "the compiler is ${CMAKE_CXX_COMPILER_ID}: configure with -DTABULA_PGO=")
endif()

# tabula_pgo(TARGET): TARGET's own sources compiled for the step TABULA_PGO
# names. Not through ccache (a compile that reads a profile depends on a file
# the compile line does not name).
function(tabula_pgo target)
  if(NOT TABULA_PGO)
    return()
  endif()
  set_property(TARGET ${target} PROPERTY CXX_COMPILER_LAUNCHER "")
  if(TABULA_PGO STREQUAL "generate")
    # single: the training runs the core and the engine on one thread: plain
    # adds to the counters (prefer-atomic's locked adds made the training
    # take 93 s of wall against 36 s, both on the loaded 2-vCPU VM).
    target_compile_options(${target} PRIVATE -fprofile-generate=${TABULA_PGO_DIR}
                           -fprofile-update=single)
    target_link_options(${target} INTERFACE -fprofile-generate=${TABULA_PGO_DIR})
  else()
    # -fprofile-partial-training: code the training did not run is optimised
    #   as without a profile (not for size: the kiosk's and the hub's paths
    #   the training never takes stay as fast as before).
    # -fprofile-correction: counts made inconsistent (threads) are smoothed,
    #   not an error.
    # -Wno-missing-profile / -Wno-coverage-mismatch: an object without counts,
    #   or counts of other sources (a file edited after the training; the
    #   build then goes on, that function compiled without its profile),
    #   never stop or warn a build (scripts/chroot_test.sh --package fails on
    #   any warning); scripts/pgo_build.sh always trains afresh.
    target_compile_options(${target} PRIVATE -fprofile-use=${TABULA_PGO_DIR} -fprofile-partial-training
                           -fprofile-correction -Wno-missing-profile -Wno-coverage-mismatch)
  endif()
endfunction()
