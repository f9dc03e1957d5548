#include "wire/io_status.h"

#include <cerrno>
#include <cstring>

namespace tabula::firmware {

IoStatus io_status_from_errno(int err, std::string_view context) {
  IoError code = IoError::kIoError;
  switch (err) {
    case 0:
      return IoStatus::ok();
    case EAGAIN:
#if EWOULDBLOCK != EAGAIN
    case EWOULDBLOCK:
#endif
      code = IoError::kWouldBlock;
      break;
    case EPIPE:
    case ECONNRESET:
      code = IoError::kPeerClosed;
      break;
    case EADDRINUSE:
      code = IoError::kAddressInUse;
      break;
    case EACCES:
    case EPERM:
      code = IoError::kPermissionDenied;
      break;
    case ENOENT:
      code = IoError::kNotFound;
      break;
    case EINVAL:
    case ENAMETOOLONG:
      code = IoError::kInvalid;
      break;
    default:
      break;
  }
  return {code, std::string(context) + ": " + std::strerror(err)};
}

}  // namespace tabula::firmware
