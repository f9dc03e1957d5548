// The real Gpio: libgpiod v1 through its C++ bindings. gpiod.hpp is included
// by the .cpp only, so nothing above this line sees libgpiod.
//
// One bulk request per chip for the outputs and one for the inputs, so a row
// select is one ioctl per chip and a column read is one more. libgpiod throws;
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
#include <string_view>

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

// Runs `body`, which may call libgpiod; maps whatever it throws. Exposed for
// tests of the mapping.
GpioStatus run_gpiod(std::string_view context, const std::function<void()>& body) noexcept;

}  // namespace tabula::firmware
