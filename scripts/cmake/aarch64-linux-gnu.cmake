# Cross build for arm64 (Raspberry Pi 4/5) on a Debian amd64 machine with
# crossbuild-essential-arm64 and the :arm64 -dev packages (scripts/setup.sh
# --cross arm64). Tests run under qemu-user: ctest and gtest_discover_tests
# go through CMAKE_CROSSCOMPILING_EMULATOR; programs a test starts itself run
# through binfmt_misc (scripts/chroot_test.sh registers it).
#   cmake -S . -B build-arm64 -G Ninja -DCMAKE_TOOLCHAIN_FILE=scripts/cmake/aarch64-linux-gnu.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# Headers and libraries from the multiarch tree of the target; programs
# (protoc, pkg-config) from this machine.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig")

find_program(TABULA_QEMU_AARCH64 NAMES qemu-aarch64-static qemu-aarch64)
if(TABULA_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${TABULA_QEMU_AARCH64})
endif()
