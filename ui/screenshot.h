// RgbaImage and PNG output for `--screenshot` (stb_image_write).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tabula::ui {

/// 8-bit RGBA pixels, top row first. Invariant: pixels.size() == width *
/// height * 4.
struct RgbaImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;
};

/// Writes `image` as a PNG at `path`. On failure returns a message naming
/// the file; nullopt-like empty string on success.
std::string write_png(const std::string& path, const RgbaImage& image);

}  // namespace tabula::ui
