#include "test_source_dir.h"

const char* tabula_test_source_dir() { return TABULA_SOURCE_PATH; }
