// The real Gpio: libgpiod through its C++ bindings, v1 (Debian 12) or v2
// (Debian 13, Raspberry Pi OS), whichever pkg-config finds at configure time
// (firmware/CMakeLists.txt): gpiod_v1.cpp or gpiod_v2.cpp implements this
// header. gpiod.hpp is included by those files only, so nothing above this
// line sees libgpiod.
//
// Chips are found by path, name, number or label, the same way for both
// versions (chip_lookup.h); a chip whose line count is not the profile's is
// kWrongChip. One request per chip for the outputs and one for the inputs
// (line_plan.h), so a row select is one ioctl per chip and a column read is
// one more; the value buffers are sized once, in open(). libgpiod throws;
// run_gpiod() turns every exception into a GpioStatus in one place
// (std::system_error through gpio_status_from_errno). A chip that vanishes
// (ENODEV/ENXIO: an expander unplugged, a driver unbound) makes the call
// return kChipGone and releases every line; the daemon then calls open()
// again until the chip is back.
//
// Ownership: owns the chips and line requests (RAII, released in close() and
// the destructor). Not thread-safe: one scanner thread.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gpiod/chip_lookup.h"
#include "scan/gpio.h"

namespace tabula::firmware {

class GpiodGpio final : public Gpio {
 public:
  GpiodGpio();
  ~GpiodGpio() override;
  GpiodGpio(const GpiodGpio&) = delete;
  GpiodGpio& operator=(const GpiodGpio&) = delete;

  GpioStatus open(const GpioRequest& request) override;
  void close() noexcept override;
  GpioStatus write_outputs(std::span<const std::uint8_t> levels) override;
  GpioStatus read_inputs(std::span<std::uint8_t> levels) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The GPIO chips of this machine, as libgpiod sees them (those it cannot
// open are left out). Empty without /dev/gpiochip*.
std::vector<ChipInfo> list_gpio_chips();

// "libgpiod 2.2.1 (v2 API)", for the daemon's start-up line.
std::string gpiod_backend_version();

// Runs `body`, which may call libgpiod; maps whatever it throws. Exposed for
// tests of the mapping.
GpioStatus run_gpiod(std::string_view context, const std::function<void()>& body) noexcept;

}  // namespace tabula::firmware
