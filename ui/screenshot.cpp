// PNG output through stb_image_write (implementation in Debian's libstb).
#include "ui/screenshot.h"

#include <stb_image_write.h>

namespace tabula::ui {

std::string write_png(const std::string& path, const RgbaImage& image) {
  if (image.width <= 0 || image.height <= 0 ||
      image.pixels.size() != static_cast<std::size_t>(image.width) * image.height * 4) {
    return "no image to write to " + path;
  }
  if (stbi_write_png(path.c_str(), image.width, image.height, 4, image.pixels.data(),
                     image.width * 4) == 0) {
    return "cannot write " + path;
  }
  return {};
}

}  // namespace tabula::ui
