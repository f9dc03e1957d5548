// png_compare: compares a rendered PNG with a golden PNG within a tolerance.
//
//   png_compare ACTUAL EXPECTED [--threshold T] [--max-fraction F] [--diff OUT.png]
//               [--scale N] [--update]
//
// --scale N first shrinks ACTUAL by N in each direction (the mean of each
// NxN block), so goldens are kept small; --update writes the (shrunk)
// ACTUAL over EXPECTED instead of comparing (TABULA_UPDATE_GOLDEN=1).
//
// A pixel differs when any channel differs by more than T (default 40 of
// 255); the comparison fails when more than F of the pixels differ (default
// 0.005, i.e. 0.5%) or the sizes differ. Prints the figures either way;
// --diff writes the differing pixels in red over a dimmed copy of EXPECTED.
// Exit 0 pass, 1 fail, 2 usage or unreadable file.
#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace {

struct Image {
  int width = 0;
  int height = 0;
  std::unique_ptr<unsigned char, void (*)(void*)> pixels{nullptr, stbi_image_free};
};

bool load(const char* path, Image& image) {
  int channels = 0;
  image.pixels.reset(stbi_load(path, &image.width, &image.height, &channels, 4));
  return image.pixels != nullptr;
}

/// Shrinks `image` by `n` in each direction: each pixel the mean of an n x n
/// block (a partial block at the right and bottom edges is dropped).
void shrink(Image& image, int n) {
  const int w = image.width / n;
  const int h = image.height / n;
  auto* out = static_cast<unsigned char*>(std::malloc(static_cast<std::size_t>(w) * h * 4));
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      for (int c = 0; c < 4; ++c) {
        int sum = 0;
        for (int dy = 0; dy < n; ++dy) {
          for (int dx = 0; dx < n; ++dx) {
            sum += image.pixels.get()[((static_cast<std::size_t>(y) * n + dy) * image.width + x * n + dx) * 4 + c];
          }
        }
        out[(static_cast<std::size_t>(y) * w + x) * 4 + c] = static_cast<unsigned char>(sum / (n * n));
      }
    }
  }
  image.pixels.reset(out);  // stbi_image_free is free()
  image.width = w;
  image.height = h;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: png_compare ACTUAL EXPECTED [--threshold T] [--max-fraction F] "
                 "[--diff OUT.png]\n");
    return 2;
  }
  int threshold = 40;
  double max_fraction = 0.005;
  std::string diff_path;
  int scale = 1;
  bool update = false;
  for (int i = 3; i < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--update") {
      update = true;
      --i;
      continue;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "png_compare: %s wants a value\n", flag.c_str());
      return 2;
    }
    if (flag == "--scale") {
      scale = std::atoi(argv[i + 1]);
      if (scale < 1 || scale > 8) {
        std::fprintf(stderr, "png_compare: --scale wants 1 to 8, not %s\n", argv[i + 1]);
        return 2;
      }
    } else if (flag == "--threshold") {
      threshold = std::atoi(argv[i + 1]);
    } else if (flag == "--max-fraction") {
      max_fraction = std::atof(argv[i + 1]);
    } else if (flag == "--diff") {
      diff_path = argv[i + 1];
    } else {
      std::fprintf(stderr, "png_compare: unknown option %s\n", flag.c_str());
      return 2;
    }
  }
  Image actual;
  Image expected;
  if (!load(argv[1], actual)) {
    std::fprintf(stderr, "png_compare: cannot read %s\n", argv[1]);
    return 2;
  }
  if (scale > 1) shrink(actual, scale);
  if (update) {
    // RGB, best compression: the goldens live in the repository.
    stbi_write_png_compression_level = 9;
    std::vector<unsigned char> rgb(static_cast<std::size_t>(actual.width) * actual.height * 3);
    for (std::size_t p = 0; p < rgb.size() / 3; ++p) {
      for (int c = 0; c < 3; ++c) rgb[p * 3 + c] = actual.pixels.get()[p * 4 + c];
    }
    if (stbi_write_png(argv[2], actual.width, actual.height, 3, rgb.data(), actual.width * 3) == 0) {
      std::fprintf(stderr, "png_compare: cannot write %s\n", argv[2]);
      return 2;
    }
    std::printf("png_compare: wrote %s (%dx%d)\n", argv[2], actual.width, actual.height);
    return 0;
  }
  if (!load(argv[2], expected)) {
    std::fprintf(stderr,
                 "png_compare: cannot read the golden %s; to create it, look at %s and copy it "
                 "there (or run the test with TABULA_UPDATE_GOLDEN=1)\n",
                 argv[2], argv[1]);
    return 1;
  }
  if (actual.width != expected.width || actual.height != expected.height) {
    std::printf("png_compare: FAIL %s is %dx%d, golden %s is %dx%d\n", argv[1], actual.width,
                actual.height, argv[2], expected.width, expected.height);
    return 1;
  }
  const long total = static_cast<long>(actual.width) * actual.height;
  long differing = 0;
  int max_delta = 0;
  std::vector<unsigned char> diff(diff_path.empty() ? 0 : static_cast<std::size_t>(total) * 4);
  for (long p = 0; p < total; ++p) {
    const unsigned char* a = actual.pixels.get() + p * 4;
    const unsigned char* e = expected.pixels.get() + p * 4;
    int delta = 0;
    for (int c = 0; c < 3; ++c) delta = std::max(delta, std::abs(a[c] - e[c]));
    max_delta = std::max(max_delta, delta);
    const bool differs = delta > threshold;
    differing += differs ? 1 : 0;
    if (!diff.empty()) {
      unsigned char* d = diff.data() + p * 4;
      for (int c = 0; c < 3; ++c) d[c] = static_cast<unsigned char>(e[c] / 3);
      if (differs) d[0] = 255, d[1] = 0, d[2] = 0;
      d[3] = 255;
    }
  }
  const double fraction = static_cast<double>(differing) / static_cast<double>(total);
  const bool pass = fraction <= max_fraction;
  std::printf(
      "png_compare: %s %ld of %ld pixels (%.3f%%) differ by more than %d; limit %.3f%%; largest "
      "channel difference %d\n",
      pass ? "PASS" : "FAIL", differing, total, fraction * 100.0, threshold, max_fraction * 100.0,
      max_delta);
  if (!diff.empty() && differing > 0) {
    stbi_write_png(diff_path.c_str(), actual.width, actual.height, 4, diff.data(),
                   actual.width * 4);
    std::printf("png_compare: differences drawn in %s\n", diff_path.c_str());
  }
  return pass ? 0 : 1;
}
