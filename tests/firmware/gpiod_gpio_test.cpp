// The libgpiod backend without hardware: the errno and exception mapping, and
// what it says when the chip is not there. Hardware tests skip with a reason.
#include "gpiod/gpiod_gpio.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace tabula::firmware {
namespace {

using ::testing::HasSubstr;

TEST(GpioStatus, ErrnoMapsToTypedErrorsInOnePlace) {
  const std::pair<int, GpioError> table[] = {
      {ENOENT, GpioError::kChipNotFound},
      {EACCES, GpioError::kPermissionDenied},
      {EPERM, GpioError::kPermissionDenied},
      {EBUSY, GpioError::kLineBusy},
      {ENODEV, GpioError::kChipGone},
      {ENXIO, GpioError::kChipGone},
      {EOPNOTSUPP, GpioError::kUnsupported},
      {EINVAL, GpioError::kInvalidArgument},
      {EIO, GpioError::kIoError},
  };
  for (const auto& [err, code] : table) {
    const GpioStatus st = gpio_status_from_errno(err, "read soc (gpiochip0)");
    EXPECT_EQ(st.code(), code) << err;
    EXPECT_THAT(st.message(), HasSubstr("read soc (gpiochip0): ")) << err;
  }
  EXPECT_TRUE(gpio_status_from_errno(0, "x").is_ok());
  EXPECT_THAT(gpio_status_from_errno(EACCES, "open").to_string(),
              HasSubstr("permission-denied: open: Permission denied (install hardware/udev/"));
}

TEST(GpiodGpio, LibraryExceptionsBecomeStatuses) {
  EXPECT_EQ(run_gpiod("read mcp20",
                      [] { throw std::system_error(ENODEV, std::system_category(), "get_values"); })
                .code(),
            GpioError::kChipGone);
  EXPECT_EQ(run_gpiod("x", [] { throw std::out_of_range("offset"); }).code(),
            GpioError::kLineOutOfRange);
  EXPECT_EQ(run_gpiod("x", [] { throw std::logic_error("null line"); }).code(),
            GpioError::kInvalidArgument);
  EXPECT_EQ(run_gpiod("x", [] { throw 42; }).code(), GpioError::kIoError);
  EXPECT_TRUE(run_gpiod("x", [] {}).is_ok());
}

GpioRequest one_input(const std::string& device, unsigned offset) {
  GpioRequest req;
  req.chips.push_back({"chip", device, 64, ChipKind::kOther, ""});
  req.inputs.push_back({0, static_cast<std::uint16_t>(offset)});
  return req;
}

TEST(GpiodGpio, MissingChipIsChipNotFoundNamingTheDevice) {
  GpiodGpio gpio;
  const GpioStatus st = gpio.open(one_input("/dev/tabula-no-such-gpiochip", 0));
  EXPECT_EQ(st.code(), GpioError::kChipNotFound) << st.to_string();
  EXPECT_THAT(st.message(), HasSubstr("open chip chip (/dev/tabula-no-such-gpiochip)"));
  std::uint8_t level = 0;
  EXPECT_EQ(gpio.read_inputs(std::span(&level, 1)).code(), GpioError::kNotOpen);
  EXPECT_EQ(gpio.write_outputs({}).code(), GpioError::kNotOpen);
}

TEST(GpiodGpio, ALabelNoChipHasIsChipNotFoundListingTheChips) {
  GpiodGpio gpio;
  const GpioStatus st = gpio.open(one_input("tabula-no-such-label", 0));
  EXPECT_EQ(st.code(), GpioError::kChipNotFound) << st.to_string();
  EXPECT_THAT(st.message(), HasSubstr("no GPIO chip has the label 'tabula-no-such-label'; the "
                                      "chips here: "));
}

TEST(GpiodGpio, AFileThatIsNoChipIsRefusedNamingIt) {
  GpiodGpio gpio;
  const GpioStatus st = gpio.open(one_input("/dev/null", 0));
  EXPECT_FALSE(st.is_ok());
  EXPECT_THAT(st.message(), HasSubstr("open chip chip (/dev/null)"));
  EXPECT_EQ(gpio.write_outputs({}).code(), GpioError::kNotOpen);
}

TEST(GpiodGpio, SaysWhichLibgpiodItWasBuiltWith) {
  EXPECT_THAT(gpiod_backend_version(), ::testing::MatchesRegex("libgpiod [0-9.]+.* \\(v[12] API\\)"));
  EXPECT_TRUE(list_gpio_chips().empty() || !list_gpio_chips().front().label.empty());
}

TEST(GpiodGpio, ReadsARealLineWhenTheMachineHasOne) {
  // On a Pi: TABULA_TEST_GPIO=gpiochip0:17 names a free line to read.
  const char* spec = std::getenv("TABULA_TEST_GPIO");
  if (spec == nullptr || !std::filesystem::exists("/dev/gpiochip0"))
    GTEST_SKIP() << "no GPIO hardware here (set TABULA_TEST_GPIO=gpiochipN:LINE on a Pi)";
  const std::string s(spec);
  const auto colon = s.find(':');
  ASSERT_NE(colon, std::string::npos) << "TABULA_TEST_GPIO must be chip:line";
  GpiodGpio gpio;
  ASSERT_TRUE(gpio.open(one_input(s.substr(0, colon), std::stoul(s.substr(colon + 1)))).is_ok());
  std::uint8_t level = 7;
  EXPECT_TRUE(gpio.read_inputs(std::span(&level, 1)).is_ok());
  EXPECT_LE(level, 1);
}

}  // namespace
}  // namespace tabula::firmware
