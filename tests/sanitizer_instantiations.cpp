// sanitizer_instantiations.cpp — for TABULA_SANITIZER_PLAIN_TEST_FILES only
// (tests/CMakeLists.txt): the test files are then compiled with -fno-weak,
// which leaves a class template's static data member undefined there; this
// file, compiled with -fweak, defines GoogleTest's WithParamInterface<T>
// members for the parameter types with external linkage. A parameterised
// test with a new such type fails the link ("undefined symbol:
// testing::WithParamInterface<T>::parameter_"): add the type here.
#include <gtest/gtest.h>

#include <string>

template class testing::WithParamInterface<std::string>;
template class testing::WithParamInterface<const char*>;
