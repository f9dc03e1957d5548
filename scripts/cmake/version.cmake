# The package version, from git (issue 29: a build of a newer commit must
# install over an older one; a fixed 0.1.0 made apt say "already the newest
# version" and install nothing). TABULA_VERSION is
#   <project version>+<commits since the tag>.g<hash>  after a tag v<x.y.z>:
#       git describe --tags --match 'v[0-9]*' (then <x.y.z> replaces the
#       project version),
#   <project version>+git<commit count>.g<hash>  without a tag,
# and .dirty<UTC time> after either when the work tree has uncommitted
# changes (a local build of edited sources is newer than its commit's). Both
# numbers only grow along a branch, so dpkg orders the builds of one history:
# 0.1.0+git205.g1f6c4be < 0.1.0+git206.g... . Without git (a source tarball)
# it is the project version; -DTABULA_VERSION=... overrides all of this.
# Computed when CMake configures (scripts/package.sh configures every time).
if(NOT TABULA_VERSION)
  set(TABULA_VERSION ${PROJECT_VERSION})
  find_package(Git QUIET)
  if(GIT_FOUND AND EXISTS ${PROJECT_SOURCE_DIR}/.git)
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${PROJECT_SOURCE_DIR} describe --tags --long --match "v[0-9]*"
                    OUTPUT_VARIABLE tabula_describe OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET
                    RESULT_VARIABLE tabula_describe_rc)
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${PROJECT_SOURCE_DIR} rev-parse --short=7 HEAD
                    OUTPUT_VARIABLE tabula_hash OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET
                    RESULT_VARIABLE tabula_hash_rc)
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${PROJECT_SOURCE_DIR} rev-list --count HEAD
                    OUTPUT_VARIABLE tabula_count OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET
                    RESULT_VARIABLE tabula_count_rc)
    if(tabula_describe_rc EQUAL 0 AND tabula_describe MATCHES "^v([0-9][0-9.]*)-([0-9]+)-g([0-9a-f]+)$")
      set(TABULA_VERSION "${CMAKE_MATCH_1}+${CMAKE_MATCH_2}.g${CMAKE_MATCH_3}")
    elseif(tabula_hash_rc EQUAL 0 AND tabula_count_rc EQUAL 0)
      set(TABULA_VERSION "${PROJECT_VERSION}+git${tabula_count}.g${tabula_hash}")
    endif()
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${PROJECT_SOURCE_DIR} status --porcelain --untracked-files=no
                    OUTPUT_VARIABLE tabula_dirty OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT tabula_dirty STREQUAL "")
      string(TIMESTAMP tabula_now "%Y%m%d%H%M%S" UTC)
      string(APPEND TABULA_VERSION ".dirty${tabula_now}")
    endif()
  endif()
endif()
message(STATUS "tabula: package version ${TABULA_VERSION}")
