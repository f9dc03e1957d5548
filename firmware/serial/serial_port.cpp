#include "serial/serial_port.h"

#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace tabula::firmware::serial {
namespace {

speed_t speed_of(unsigned baud) {
  switch (baud) {
    case 9600: return B9600;
    case 19200: return B19200;
    case 38400: return B38400;
    case 57600: return B57600;
    case 115200: return B115200;
    case 230400: return B230400;
    case 460800: return B460800;
    case 921600: return B921600;
    default: return B0;
  }
}

// errno as a GpioStatus, with the hints of a serial device (the GPIO ones
// would send the owner to gpiodetect).
GpioStatus serial_status(int err, const std::string& context) {
  const std::string what = context + ": " + std::strerror(err);
  switch (err) {
    case ENOENT:
      return {GpioError::kChipNotFound,
              what + " (is the board plugged in? `ls -l /dev/serial/by-id/` lists serial devices)"};
    case EACCES:
    case EPERM:
      return {GpioError::kPermissionDenied, what + " (the daemon's user must be in group dialout)"};
    case EBUSY:
      return {GpioError::kLineBusy, what + " (another program has it open: `fuser -v` names it)"};
    case EIO:
    case ENODEV:
    case ENXIO:
      return {GpioError::kChipGone, what};
    default:
      return {GpioError::kIoError, what};
  }
}

}  // namespace

bool baud_supported(unsigned baud) {
  return speed_of(baud) != B0;
}

GpioStatus SerialPort::open(const std::string& path, unsigned baud) {
  close();
  path_ = path;
  const int fd = ::open(path.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return serial_status(errno, "open serial device " + path);
  termios t{};
  if (::tcgetattr(fd, &t) != 0) {
    const int e = errno;
    ::close(fd);
    return {GpioError::kInvalidArgument,
            "serial device " + path + " is not a terminal (" + std::strerror(e) + ")"};
  }
  ::cfmakeraw(&t);
  t.c_cflag |= CLOCAL | CREAD;
  t.c_cflag &= ~static_cast<tcflag_t>(CSTOPB | PARENB);  // 8N1
  // VMIN 1 with O_NONBLOCK: nothing waiting is EAGAIN, and a read of 0 is a
  // hang-up (with VMIN 0 a tty returns 0 for "nothing yet" too).
  t.c_cc[VMIN] = 1;
  t.c_cc[VTIME] = 0;
  ::cfsetispeed(&t, speed_of(baud));
  ::cfsetospeed(&t, speed_of(baud));
  if (::tcsetattr(fd, TCSANOW, &t) != 0) {
    const int e = errno;
    ::close(fd);
    return serial_status(e, "set " + std::to_string(baud) + " baud 8N1 on " + path);
  }
  ::tcflush(fd, TCIFLUSH);  // bytes from before we listened belong to no frame
  fd_ = fd;
  return GpioStatus::ok();
}

void SerialPort::close() noexcept {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

GpioStatus SerialPort::read_available(std::string& into) {
  if (fd_ < 0) return {GpioError::kNotOpen, "read serial device " + path_ + ": not open"};
  char buf[4096];
  for (std::size_t taken = 0;;) {
    // Session 18: at most kMaxReadPerCall a call. A device that sends as
    // fast as the line goes (a chattering reed; USB serial is not held to
    // its baud rate) kept this loop reading, the scan never returned (7.9 s
    // in the test, for as long as the chatter lasted) and `into` grew; the
    // rest now waits in the kernel, which holds the device back.
    if (taken >= kMaxReadPerCall) return GpioStatus::ok();
    const ssize_t n = ::read(fd_, buf, sizeof buf);
    if (n > 0) {
      into.append(buf, static_cast<std::size_t>(n));
      taken += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
      // A hang-up with nothing to read shows only in poll.
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, 0) == 1 && (p.revents & (POLLHUP | POLLERR | POLLNVAL)) &&
          !(p.revents & POLLIN)) {
        close();
        return {GpioError::kChipGone, "serial device " + path_ + " vanished (hang-up)"};
      }
      return GpioStatus::ok();
    }
    const int e = n == 0 ? ENODEV : errno;
    close();
    // EIO is what a tty gives once its device is unplugged (or a pty's other end closed).
    if (e == EIO || e == ENODEV || e == ENXIO)
      return {GpioError::kChipGone,
              "serial device " + path_ + " vanished (read: " + std::strerror(e) + ")"};
    return serial_status(e, "read serial device " + path_);
  }
}

GpioStatus SerialPort::write_all(std::string_view bytes) {
  if (fd_ < 0) return {GpioError::kNotOpen, "write serial device " + path_ + ": not open"};
  std::size_t done = 0;
  int waits = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
    } else if (n < 0 && (errno == EAGAIN || errno == EINTR) && waits++ < 10) {
      pollfd p{fd_, POLLOUT, 0};
      ::poll(&p, 1, 10);  // a few bytes of request: bounded, never the daemon's loop for long
    } else {
      const int e = n < 0 ? errno : EAGAIN;
      close();
      return serial_status(e, "write serial device " + path_);
    }
  }
  return GpioStatus::ok();
}

}  // namespace tabula::firmware::serial
