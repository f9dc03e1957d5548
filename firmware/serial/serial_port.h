// A serial device (USB CDC-ACM, a USB-serial adapter, a UART, or a pty in the
// tests) opened raw and non-blocking. errno becomes a GpioStatus through
// gpio_status_from_errno, as in the GPIO backends, so the daemon reports a
// vanished device as it reports a vanished chip. Not thread-safe.
#pragma once

#include <string>
#include <string_view>

#include "scan/gpio_status.h"

namespace tabula::firmware::serial {

// Whether termios knows this rate (9600 .. 921600).
bool baud_supported(unsigned baud);

class SerialPort {
 public:
  SerialPort() = default;
  SerialPort(const SerialPort&) = delete;
  SerialPort& operator=(const SerialPort&) = delete;
  ~SerialPort() { close(); }

  GpioStatus open(const std::string& path, unsigned baud);
  void close() noexcept;
  bool is_open() const { return fd_ >= 0; }
  int fd() const { return fd_; }
  // Appends the bytes waiting (none is fine), at most kMaxReadPerCall; the
  // rest are left for the next call. A hang-up or a read error closes the
  // port and says so (kChipGone, kIoError).
  static constexpr std::size_t kMaxReadPerCall = 16 * 1024;
  GpioStatus read_available(std::string& into);
  GpioStatus write_all(std::string_view bytes);

 private:
  std::string path_;
  int fd_ = -1;
};

}  // namespace tabula::firmware::serial
