// The one reader of a file a person names (arbiter/files/plain_file.h): one
// test per refusal, each as the variant loader, the event file and the board
// daemon's profile now say it.
#include "files/plain_file.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "test_files.h"

namespace {

using tabula::files::PlainFile;
using tabula::files::PlainFileStatus;
using tabula::files::read_plain_file;

constexpr std::size_t kBound = 4096;

// read_plain_file in a child given 5 s (a reader that waits fails the test
// instead of hanging it): "status|why".
std::string read_in_child(const std::string& path) {
  return tabula::testing::said_in_child(
      [&] {
        const PlainFile f = read_plain_file(path, kBound, "a test file");
        return std::to_string(static_cast<int>(f.status)) + "|" + f.why;
      },
      5);
}

std::string expect(PlainFileStatus status, const std::string& why) {
  return std::to_string(static_cast<int>(status)) + "|" + why;
}

TEST(PlainFile, APlainFileAndALinkToOneAreReadWhole) {
  const tabula::testing::TempDir dir("plain-file");
  dir.write("a.txt", std::string("one\0two\n", 8));
  std::filesystem::create_symlink(dir.file("a.txt"), dir.file("link.txt"));
  for (const std::string name : {"a.txt", "link.txt"}) {
    const PlainFile f = read_plain_file(dir.file(name), kBound, "a test file");
    EXPECT_TRUE(f.ok()) << name << ": " << f.why;
    EXPECT_EQ(f.text, std::string("one\0two\n", 8)) << name;
    EXPECT_EQ(f.why, "") << name;
  }
  dir.write("bound.txt", std::string(kBound, 'x'));  // exactly the bound: read
  EXPECT_EQ(read_plain_file(dir.file("bound.txt"), kBound, "a test file").text.size(), kBound);
  dir.write("empty.txt", "");
  EXPECT_TRUE(read_plain_file(dir.file("empty.txt"), kBound, "a test file").ok());
}

TEST(PlainFile, AnAbsentFileCannotBeReadAndSaysWhy) {
  const PlainFile f = read_plain_file("/nonexistent/a.txt", kBound, "a test file");
  EXPECT_EQ(f.status, PlainFileStatus::kCannotOpen);
  EXPECT_EQ(f.why, "cannot be read (No such file or directory)");
  EXPECT_EQ(f.text, "");
}

TEST(PlainFile, ADirectoryIsRefusedByName) {
  const tabula::testing::TempDir dir("plain-file");
  EXPECT_EQ(read_in_child(dir.path()),
            expect(PlainFileStatus::kDirectory, "is a directory, not a test file; nothing was read"));
}

TEST(PlainFile, AFifoIsRefusedWithoutWaitingForAWriter) {
  const tabula::testing::TempDir dir("plain-file");
  const std::string fifo = dir.file("fifo.txt");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(read_in_child(fifo), expect(PlainFileStatus::kFifo, "is a FIFO, not a test file; nothing was read"));
  // Through a link too.
  std::filesystem::create_symlink(fifo, dir.file("link.txt"));
  EXPECT_EQ(read_in_child(dir.file("link.txt")),
            expect(PlainFileStatus::kFifo, "is a FIFO, not a test file; nothing was read"));
}

TEST(PlainFile, ASocketIsRefusedByName) {
  const tabula::testing::TempDir dir("plain-file");
  const std::string path = dir.file("s.sock");
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_un a{};
  a.sun_family = AF_UNIX;
  ASSERT_LT(path.size(), sizeof a.sun_path);
  path.copy(a.sun_path, path.size());
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  ASSERT_EQ(::listen(fd, 1), 0);
  EXPECT_EQ(read_in_child(path), expect(PlainFileStatus::kSocket, "is a socket, not a test file; nothing was read"));
  ::close(fd);
}

TEST(PlainFile, ADeviceOrALinkToOneIsRefusedUnopened) {
  const tabula::testing::TempDir dir("plain-file");
  std::filesystem::create_symlink("/dev/zero", dir.file("zero.txt"));
  const std::string said = expect(PlainFileStatus::kDevice, "is a device, not a test file; nothing was read");
  EXPECT_EQ(read_in_child("/dev/zero"), said);     // read without end before s15
  EXPECT_EQ(read_in_child(dir.file("zero.txt")), said);
  EXPECT_EQ(read_in_child("/dev/null"), said);     // not read as an empty file
}

TEST(PlainFile, AFileLargerThanTheBoundIsRefusedUnread) {
  const tabula::testing::TempDir dir("plain-file");
  dir.write("big.txt", "x");
  std::filesystem::resize_file(dir.file("big.txt"), std::uintmax_t{1} << 40);  // sparse: a terabyte, unread
  EXPECT_EQ(read_in_child(dir.file("big.txt")),
            expect(PlainFileStatus::kTooLarge,
                   "is 1099511627776 bytes; a test file is at most 4096 bytes; nothing was read"));
  dir.write("one-more.txt", std::string(kBound + 1, 'x'));
  EXPECT_EQ(read_in_child(dir.file("one-more.txt")),
            expect(PlainFileStatus::kTooLarge, "is 4097 bytes; a test file is at most 4096 bytes; nothing was read"));
}

TEST(PlainFile, AFileThatGrowsPastTheBoundWhileReadIsRefusedWhole) {
  // A file of /proc says 0 bytes and holds more: as a file that grew after
  // its size was taken. Its bytes are not returned.
  const PlainFile f = read_plain_file("/proc/self/maps", 16, "a test file");
  EXPECT_EQ(f.status, PlainFileStatus::kGrew);
  EXPECT_EQ(f.why, "grew past 16 bytes while it was read; nothing was used");
  EXPECT_EQ(f.text, "");
}

}  // namespace
