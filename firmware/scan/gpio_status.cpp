#include "scan/gpio_status.h"

#include <cerrno>
#include <cstring>

namespace tabula::firmware {

std::string_view gpio_error_name(GpioError error) {
  switch (error) {
    case GpioError::kOk:
      return "ok";
    case GpioError::kChipNotFound:
      return "chip-not-found";
    case GpioError::kPermissionDenied:
      return "permission-denied";
    case GpioError::kLineBusy:
      return "line-busy";
    case GpioError::kLineOutOfRange:
      return "line-out-of-range";
    case GpioError::kWrongChip:
      return "wrong-chip";
    case GpioError::kChipGone:
      return "chip-gone";
    case GpioError::kUnsupported:
      return "unsupported";
    case GpioError::kInvalidArgument:
      return "invalid-argument";
    case GpioError::kIoError:
      return "io-error";
    case GpioError::kNotOpen:
      return "not-open";
  }
  return "unknown";
}

std::string GpioStatus::to_string() const {
  if (is_ok()) return "ok";
  return std::string(gpio_error_name(code_)) + ": " + message_;
}

GpioStatus gpio_status_from_errno(int err, std::string_view context) {
  GpioError code = GpioError::kIoError;
  std::string hint;
  switch (err) {
    case 0:
      return GpioStatus::ok();
    case ENOENT:
      code = GpioError::kChipNotFound;
      hint = " (is the driver loaded? `gpiodetect` lists the chips)";
      break;
    case EACCES:
    case EPERM:
      code = GpioError::kPermissionDenied;
      hint = " (install hardware/udev/60-tabula-gpio.rules and join group gpio)";
      break;
    case EBUSY:
      code = GpioError::kLineBusy;
      hint = " (another program holds the line: `gpioinfo` names it)";
      break;
    case ENODEV:
    case ENXIO:
      code = GpioError::kChipGone;
      break;
    case EOPNOTSUPP:
      code = GpioError::kUnsupported;
      hint =
          " (the kernel cannot set a pull-up on this chip: fit resistors and set "
          "input_bias: BIAS_NONE)";
      break;
    case EINVAL:
      code = GpioError::kInvalidArgument;
      break;
    default:
      code = GpioError::kIoError;
      break;
  }
  return {code, std::string(context) + ": " + std::strerror(err) + hint};
}

}  // namespace tabula::firmware
