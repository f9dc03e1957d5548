// test_source_dir.h — where the test executables find the source tree.
//
// Tests write TABULA_SOURCE_DIR (a const char*, e.g. std::string(TABULA_SOURCE_DIR)
// + "/arbiter/variants"). It expands to this function, defined in one file
// compiled with the clone's path, so that every other test file compiles to
// the same command in any clone and ccache hits from a second clone (issue 20).
// A file that writes TABULA_SOURCE_DIR includes this header: the tests'
// precompiled header has it too, but a file must compile without it
// (-DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON, and each file compiled alone).
#pragma once

const char* tabula_test_source_dir();
