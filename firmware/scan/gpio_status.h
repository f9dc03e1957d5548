// The typed result of every GPIO operation. errno values become a GpioError in
// exactly one place, gpio_status_from_errno(); backends call nothing else.
#pragma once

#include <string>
#include <string_view>

namespace tabula::firmware {

enum class GpioError {
  kOk,
  kChipNotFound,      // no such chip (ENOENT): wrong device name, driver not loaded
  kPermissionDenied,  // EACCES/EPERM: the udev rule or the group is missing
  kLineBusy,          // EBUSY: another program holds the line
  kLineOutOfRange,    // the chip has fewer lines than the profile uses
  kWrongChip,         // the chip's line count is not the profile's: another chip
  kChipGone,          // ENODEV/ENXIO: the chip vanished (expander unplugged)
  kUnsupported,       // EOPNOTSUPP: e.g. the kernel cannot set the bias
  kInvalidArgument,   // EINVAL and caller bugs reported by the library
  kIoError,           // EIO and anything else
  kNotOpen,           // operation before open() or after a failure closed it
};

std::string_view gpio_error_name(GpioError error);

// Value type: ok, or an error code with a message naming the chip/line.
class [[nodiscard]] GpioStatus {
 public:
  GpioStatus() = default;
  GpioStatus(GpioError code, std::string message) : code_(code), message_(std::move(message)) {}
  static GpioStatus ok() { return {}; }

  bool is_ok() const { return code_ == GpioError::kOk; }
  GpioError code() const { return code_; }
  const std::string& message() const { return message_; }
  // "chip-gone: read mcp20 (gpiochip3): No such device"
  std::string to_string() const;

 private:
  GpioError code_ = GpioError::kOk;
  std::string message_;
};

// The one errno -> GpioError mapping. `context` says what was attempted, e.g.
// "open chip soc (gpiochip0)".
GpioStatus gpio_status_from_errno(int err, std::string_view context);

}  // namespace tabula::firmware
