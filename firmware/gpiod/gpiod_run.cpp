// run_gpiod(): the one place where what libgpiod (v1 or v2) throws becomes a
// GpioStatus. Both versions report OS errors as std::system_error; v2's
// chip_closed and request_released are logic_errors.
#include <stdexcept>
#include <system_error>

#include "gpiod/gpiod_gpio.h"

namespace tabula::firmware {

GpioStatus run_gpiod(std::string_view context, const std::function<void()>& body) noexcept {
  try {
    body();
    return GpioStatus::ok();
  } catch (const std::system_error& e) {
    return gpio_status_from_errno(e.code().value(), context);
  } catch (const std::out_of_range& e) {
    return {GpioError::kLineOutOfRange, std::string(context) + ": " + e.what()};
  } catch (const std::logic_error& e) {
    return {GpioError::kInvalidArgument, std::string(context) + ": " + e.what()};
  } catch (const std::exception& e) {
    return {GpioError::kIoError, std::string(context) + ": " + e.what()};
  } catch (...) {
    return {GpioError::kIoError, std::string(context) + ": unknown exception"};
  }
}

}  // namespace tabula::firmware
