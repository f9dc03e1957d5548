// Piece art (see the header). Section index:
//   [geometry]  Vec, PathBuilder, circle points, ear-clipping triangulation
//   [art]       Art/Part definitions of every glyph in the 100 x 100 box
//   [drawing]   gradient fill, outline stroke with round corners, draw_piece
#include "ui/piece_art.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "ui/theme.h"

namespace tabula::ui {
namespace {

// --------------------------------------------------------------- [geometry]

struct Vec {
  float x = 0;
  float y = 0;
};

/// Level of detail: how finely curves are cut into segments. Pieces drawn
/// small use the coarse level; software GL pays for every triangle.
struct Detail {
  float scale = 1.0f;
  int n(int segments) const {
    return std::max(3, static_cast<int>(std::lround(static_cast<float>(segments) * scale)));
  }
};
constexpr Detail kFine{1.0f};
constexpr Detail kCoarse{0.5f};

/// Builds one closed outline from lines and Bezier curves.
class PathBuilder {
 public:
  explicit PathBuilder(Detail detail) : detail_(detail) {}
  PathBuilder& move(float x, float y) {
    points_.push_back({x, y});
    return *this;
  }
  PathBuilder& line(float x, float y) { return move(x, y); }
  PathBuilder& quad(float cx, float cy, float x, float y) {
    const int steps = detail_.n(6);
    const Vec p0 = points_.back();
    for (int i = 1; i <= steps; ++i) {
      const float t = static_cast<float>(i) / static_cast<float>(steps);
      const float u = 1 - t;
      points_.push_back(
          {u * u * p0.x + 2 * u * t * cx + t * t * x, u * u * p0.y + 2 * u * t * cy + t * t * y});
    }
    return *this;
  }
  PathBuilder& cubic(float c1x, float c1y, float c2x, float c2y, float x, float y) {
    const int steps = detail_.n(10);
    const Vec p0 = points_.back();
    for (int i = 1; i <= steps; ++i) {
      const float t = static_cast<float>(i) / static_cast<float>(steps);
      const float u = 1 - t;
      const float a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
      points_.push_back(
          {a * p0.x + b * c1x + c * c2x + d * x, a * p0.y + b * c1y + c * c2y + d * y});
    }
    return *this;
  }
  /// The closed outline (a repeated first point is dropped).
  std::vector<Vec> close() {
    if (points_.size() > 1 && std::abs(points_.front().x - points_.back().x) < 1e-3f &&
        std::abs(points_.front().y - points_.back().y) < 1e-3f) {
      points_.pop_back();
    }
    return std::move(points_);
  }

 private:
  Detail detail_;
  std::vector<Vec> points_;
};

std::vector<Vec> circle(float cx, float cy, float r, int segments) {
  std::vector<Vec> points;
  for (int i = 0; i < segments; ++i) {
    const float a = 2 * std::numbers::pi_v<float> * static_cast<float>(i) / static_cast<float>(segments);
    points.push_back({cx + r * std::cos(a), cy + r * std::sin(a)});
  }
  return points;
}

std::vector<Vec> regular_polygon(float cx, float cy, float r, int sides, float start_angle) {
  std::vector<Vec> points;
  for (int i = 0; i < sides; ++i) {
    const float a = start_angle + 2 * std::numbers::pi_v<float> * static_cast<float>(i) / static_cast<float>(sides);
    points.push_back({cx + r * std::cos(a), cy + r * std::sin(a)});
  }
  return points;
}

float cross(Vec o, Vec a, Vec b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

float signed_area(const std::vector<Vec>& p) {
  float area = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const Vec a = p[i];
    const Vec b = p[(i + 1) % p.size()];
    area += a.x * b.y - b.x * a.y;
  }
  return area * 0.5f;
}

bool inside_triangle(Vec p, Vec a, Vec b, Vec c) {
  const float d1 = cross(a, b, p);
  const float d2 = cross(b, c, p);
  const float d3 = cross(c, a, p);
  return d1 > 0 && d2 > 0 && d3 > 0;
}

/// Ear clipping for a simple polygon of either winding: index triples.
std::vector<int> triangulate(const std::vector<Vec>& p) {
  std::vector<int> order(p.size());
  for (std::size_t i = 0; i < p.size(); ++i) order[i] = static_cast<int>(i);
  if (signed_area(p) < 0) std::reverse(order.begin(), order.end());
  std::vector<int> triangles;
  while (order.size() > 3) {
    const std::size_t m = order.size();
    bool clipped = false;
    for (std::size_t i = 0; i < m && !clipped; ++i) {
      const int ia = order[(i + m - 1) % m];
      const int ib = order[i];
      const int ic = order[(i + 1) % m];
      const Vec a = p[static_cast<std::size_t>(ia)];
      const Vec b = p[static_cast<std::size_t>(ib)];
      const Vec c = p[static_cast<std::size_t>(ic)];
      if (cross(a, b, c) <= 1e-6f) continue;  // reflex or flat: not an ear
      bool blocked = false;
      for (const int j : order) {
        if (j == ia || j == ib || j == ic) continue;
        if (inside_triangle(p[static_cast<std::size_t>(j)], a, b, c)) {
          blocked = true;
          break;
        }
      }
      if (blocked) continue;
      triangles.insert(triangles.end(), {ia, ib, ic});
      order.erase(order.begin() + static_cast<std::ptrdiff_t>(i));
      clipped = true;
    }
    if (!clipped) {
      // Only flat or degenerate corners are left: drop the flattest one.
      std::size_t flattest = 0;
      float best = 1e30f;
      for (std::size_t i = 0; i < m; ++i) {
        const float area = std::abs(cross(p[static_cast<std::size_t>(order[(i + m - 1) % m])],
                                          p[static_cast<std::size_t>(order[i])],
                                          p[static_cast<std::size_t>(order[(i + 1) % m])]));
        if (area < best) {
          best = area;
          flattest = i;
        }
      }
      order.erase(order.begin() + static_cast<std::ptrdiff_t>(flattest));
    }
  }
  if (order.size() == 3) triangles.insert(triangles.end(), order.begin(), order.end());
  return triangles;
}

// -------------------------------------------------------------------- [art]

enum class Paint {
  kBody,    // seat colour with a shade, outlined
  kDetail,  // detail colour, not outlined (eyes, nostrils)
};

struct Part {
  std::vector<Vec> outline;
  std::vector<int> triangles;
  Paint paint = Paint::kBody;
};

struct Art {
  std::vector<Part> parts;                // drawn in order
  std::vector<std::vector<Vec>> strokes;  // open detail lines, drawn last
  std::string letter;                     // fairy pieces: drawn in the middle
  Vec letter_center{50, 52};
  float letter_height = 0;  // in box units
  bool base_shadow = true;
};

void add(Art& art, std::vector<Vec> outline, Paint paint = Paint::kBody) {
  Part part;
  part.triangles = triangulate(outline);
  part.outline = std::move(outline);
  part.paint = paint;
  art.parts.push_back(std::move(part));
}

std::vector<Vec> base_plate(Detail d) {
  return PathBuilder(d)
      .move(20, 92)
      .line(80, 92)
      .line(80, 87)
      .quad(80, 81, 73, 81)
      .line(27, 81)
      .quad(20, 81, 20, 87)
      .close();
}

Art pawn_art(Detail d) {
  Art art;
  add(art, PathBuilder(d)
               .move(29, 82)
               .cubic(30, 70, 39, 64, 41, 57)
               .line(37, 57)
               .quad(33, 57, 33, 53.5f)
               .quad(33, 50, 37, 50)
               .line(63, 50)
               .quad(67, 50, 67, 53.5f)
               .quad(67, 57, 63, 57)
               .line(59, 57)
               .cubic(61, 64, 70, 70, 71, 82)
               .close());
  add(art, circle(50, 35, 14, d.n(32)));
  add(art, base_plate(d));
  return art;
}

Art rook_art(Detail d) {
  Art art;
  add(art, PathBuilder(d).move(30, 82).line(33, 50).line(67, 50).line(70, 82).close());
  add(art, PathBuilder(d)
               .move(32, 52)
               .line(26, 45)
               .line(26, 18)
               .line(36, 18)
               .line(36, 26)
               .line(45, 26)
               .line(45, 18)
               .line(55, 18)
               .line(55, 26)
               .line(64, 26)
               .line(64, 18)
               .line(74, 18)
               .line(74, 45)
               .line(68, 52)
               .close());
  add(art, base_plate(d));
  art.strokes.push_back({{27.5f, 44}, {72.5f, 44}});
  art.strokes.push_back({{33.5f, 58}, {66.5f, 58}});
  return art;
}

Art bishop_art(Detail d) {
  Art art;
  add(art, PathBuilder(d)
               .move(29, 82)
               .cubic(33, 73, 42, 70, 43, 62)
               .line(57, 62)
               .cubic(58, 70, 67, 73, 71, 82)
               .close());
  add(art, PathBuilder(d)
               .move(50, 16)
               .cubic(61, 24, 68, 34, 65, 45)
               .cubic(63, 52, 57, 57, 50, 57)
               .cubic(43, 57, 37, 52, 35, 45)
               .cubic(32, 34, 39, 24, 50, 16)
               .close());
  add(art, PathBuilder(d)
               .move(39, 56)
               .line(61, 56)
               .quad(65, 56, 65, 60)
               .quad(65, 64, 61, 64)
               .line(39, 64)
               .quad(35, 64, 35, 60)
               .quad(35, 56, 39, 56)
               .close());
  add(art, circle(50, 12, 5.5f, d.n(20)));
  add(art, base_plate(d));
  art.strokes.push_back({{58, 29}, {47, 42}});
  return art;
}

Art knight_art(Detail d) {
  Art art;
  add(art, PathBuilder(d)
               .move(72, 82)
               .cubic(77, 66, 77, 46, 68, 33)
               .cubic(65, 28, 62, 24, 60, 21)
               .quad(61, 14, 58, 9)
               .quad(54, 11, 52, 17)
               .cubic(42, 18, 32, 25, 26, 36)
               .cubic(22, 43, 16, 50, 15, 56)
               .quad(14, 62, 20, 64)
               .line(27, 64)
               .quad(31, 63, 33, 60)
               .cubic(37, 58, 42, 56, 45, 54)
               .cubic(44, 62, 33, 70, 32, 82)
               .close());
  add(art, circle(39, 33, 3.2f, d.n(14)), Paint::kDetail);
  add(art, circle(20.5f, 56.5f, 1.8f, d.n(10)), Paint::kDetail);
  add(art, base_plate(d));
  art.strokes.push_back(PathBuilder(d).move(62, 27).cubic(70, 38, 73, 52, 72, 62).close());
  return art;
}

Art queen_art(Detail d) {
  Art art;
  add(art, PathBuilder(d)
               .move(28, 82)
               .cubic(31, 74, 33, 69, 33, 63)
               .line(16, 30)
               .line(33, 47)
               .line(34, 22)
               .line(43, 45)
               .line(50, 18)
               .line(57, 45)
               .line(66, 22)
               .line(67, 47)
               .line(84, 30)
               .line(67, 63)
               .cubic(67, 69, 69, 74, 72, 82)
               .close());
  for (const Vec ball : {Vec{16, 28}, Vec{34, 19}, Vec{50, 15}, Vec{66, 19}, Vec{84, 28}}) {
    add(art, circle(ball.x, ball.y, ball.x == 50 ? 5.5f : 5.0f, d.n(20)));
  }
  add(art, PathBuilder(d)
               .move(34, 60)
               .line(66, 60)
               .quad(70, 60, 70, 64)
               .quad(70, 68, 66, 68)
               .line(34, 68)
               .quad(30, 68, 30, 64)
               .quad(30, 60, 34, 60)
               .close());
  add(art, base_plate(d));
  return art;
}

Art king_art(Detail d) {
  Art art;
  add(art, PathBuilder(d)
               .move(47, 4)
               .line(53, 4)
               .line(53, 10)
               .line(59, 10)
               .line(59, 16)
               .line(53, 16)
               .line(53, 30)
               .line(47, 30)
               .line(47, 16)
               .line(41, 16)
               .line(41, 10)
               .line(47, 10)
               .close());
  add(art, PathBuilder(d)
               .move(28, 82)
               .cubic(31, 74, 33, 68, 34, 60)
               .line(30, 60)
               .quad(26, 60, 26, 56)
               .quad(26, 52, 30, 52)
               .cubic(16, 44, 18, 28, 32, 28)
               .cubic(40, 28, 46, 34, 50, 40)
               .cubic(54, 34, 60, 28, 68, 28)
               .cubic(82, 28, 84, 44, 70, 52)
               .quad(74, 52, 74, 56)
               .quad(74, 60, 70, 60)
               .line(66, 60)
               .cubic(67, 68, 69, 74, 72, 82)
               .close());
  add(art, base_plate(d));
  art.strokes.push_back({{50, 41}, {50, 52}});
  art.strokes.push_back({{30, 52.5f}, {70, 52.5f}});
  return art;
}

Art token_art(std::vector<Vec> outline, std::string letter, float letter_height) {
  Art art;
  add(art, std::move(outline));
  art.letter = std::move(letter);
  art.letter_height = letter_height;
  return art;
}

Art make_art(PieceGlyph glyph, Detail d) {
  switch (glyph) {
    case PieceGlyph::kKing:
      return king_art(d);
    case PieceGlyph::kQueen:
      return queen_art(d);
    case PieceGlyph::kRook:
      return rook_art(d);
    case PieceGlyph::kBishop:
      return bishop_art(d);
    case PieceGlyph::kKnight:
      return knight_art(d);
    case PieceGlyph::kPawn:
      return pawn_art(d);
    case PieceGlyph::kMessenger:
      return token_art(circle(50, 52, 33, d.n(40)), "M", 38);
    case PieceGlyph::kCaptain:
      return token_art(regular_polygon(50, 52, 37, 6, 0), "C", 38);
    case PieceGlyph::kGuard:
      return token_art(PathBuilder(d)
                           .move(18, 18)
                           .line(82, 18)
                           .line(82, 44)
                           .cubic(82, 66, 66, 80, 50, 88)
                           .cubic(34, 80, 18, 66, 18, 44)
                           .close(),
                       "G", 36);
    case PieceGlyph::kSoldier:
      return token_art(regular_polygon(50, 55, 37, 5, -std::numbers::pi_v<float> / 2), "S", 34);
    case PieceGlyph::kSwordsman:
      return token_art({{50, 12}, {89, 52}, {50, 92}, {11, 52}}, "D", 34);
    case PieceGlyph::kPowerB3:
      return token_art(regular_polygon(50, 52, 38, 8, std::numbers::pi_v<float> / 8), "B3", 30);
    case PieceGlyph::kPowerR3:
      return token_art(PathBuilder(d)
                           .move(26, 18)
                           .line(74, 18)
                           .quad(84, 18, 84, 28)
                           .line(84, 76)
                           .quad(84, 86, 74, 86)
                           .line(26, 86)
                           .quad(16, 86, 16, 76)
                           .line(16, 28)
                           .quad(16, 18, 26, 18)
                           .close(),
                       "R3", 30);
  }
  return pawn_art(d);
}

/// Below this size (pixels) pieces are drawn from the coarse tessellation.
constexpr float kFineFromSize = 96.0f;

const Art& art_for(PieceGlyph glyph, float size) {
  using Arts = std::array<Art, 13>;
  static const std::array<Arts, 2> kArts = [] {
    std::array<Arts, 2> arts;
    for (std::size_t i = 0; i < arts[0].size(); ++i) {
      arts[0][i] = make_art(static_cast<PieceGlyph>(i), kCoarse);
      arts[1][i] = make_art(static_cast<PieceGlyph>(i), kFine);
    }
    return arts;
  }();
  const auto index = static_cast<std::size_t>(glyph);
  return kArts[size >= kFineFromSize ? 1 : 0][index < kArts[0].size() ? index : 0];
}

// ---------------------------------------------------------------- [drawing]

struct Transform {
  ImVec2 origin;  // screen position of the box's (0, 0)
  float scale;    // pixels per box unit
  ImVec2 operator()(Vec v) const { return {origin.x + v.x * scale, origin.y + v.y * scale}; }
};

ImU32 lerp_colour(Rgb top, Rgb bottom, float t, int alpha) {
  t = std::clamp(t, 0.0f, 1.0f);
  auto mix = [t](std::uint8_t a, std::uint8_t b) {
    return static_cast<int>(std::lround(static_cast<float>(a) + (static_cast<float>(b) - a) * t));
  };
  return IM_COL32(mix(top.r, bottom.r), mix(top.g, bottom.g), mix(top.b, bottom.b), alpha);
}

void fill(ImDrawList* draw, const Part& part, const Transform& tf, Rgb top, Rgb bottom, int alpha) {
  if (part.triangles.empty()) return;
  const ImVec2 uv = ImGui::GetFontTexUvWhitePixel();
  const auto vertex_count = static_cast<int>(part.outline.size());
  draw->PrimReserve(static_cast<int>(part.triangles.size()), vertex_count);
  const auto base = static_cast<unsigned>(draw->_VtxCurrentIdx);
  for (const Vec v : part.outline) {
    draw->PrimWriteVtx(tf(v), uv, lerp_colour(top, bottom, (v.y - 10.0f) / 82.0f, alpha));
  }
  for (const int index : part.triangles) {
    draw->PrimWriteIdx(static_cast<ImDrawIdx>(base + static_cast<unsigned>(index)));
  }
}

/// Strokes a closed outline. ImGui mitres every joint, which spikes at sharp
/// corners; the outline is therefore cut at corners turning more than ~110
/// degrees and those corners are rounded with a dot.
void stroke(ImDrawList* draw, const std::vector<Vec>& outline, const Transform& tf, ImU32 colour,
            float thickness) {
  const std::size_t n = outline.size();
  std::vector<ImVec2> points(n);
  for (std::size_t i = 0; i < n; ++i) points[i] = tf(outline[i]);
  std::vector<std::size_t> sharp;
  for (std::size_t i = 0; i < n; ++i) {
    const ImVec2 a = points[(i + n - 1) % n], b = points[i], c = points[(i + 1) % n];
    const float ux = b.x - a.x, uy = b.y - a.y, vx = c.x - b.x, vy = c.y - b.y;
    const float lu = std::sqrt(ux * ux + uy * uy), lv = std::sqrt(vx * vx + vy * vy);
    if (lu < 1e-4f || lv < 1e-4f) continue;
    const float cos_turn = (ux * vx + uy * vy) / (lu * lv);
    if (cos_turn < -0.35f) sharp.push_back(i);
  }
  if (sharp.empty()) {
    draw->AddPolyline(points.data(), static_cast<int>(n), colour, ImDrawFlags_Closed, thickness);
    return;
  }
  std::vector<ImVec2> run;
  for (std::size_t k = 0; k < sharp.size(); ++k) {
    const std::size_t from = sharp[k];
    const std::size_t to = sharp[(k + 1) % sharp.size()];
    run.clear();
    std::size_t i = from;
    do {
      run.push_back(points[i]);
      i = (i + 1) % n;
    } while (i != to);
    run.push_back(points[to]);
    draw->AddPolyline(run.data(), static_cast<int>(run.size()), colour, ImDrawFlags_None,
                      thickness);
    draw->AddCircleFilled(points[from], thickness * 0.5f, colour, 8);
  }
}

void ellipse(ImDrawList* draw, ImVec2 center, float rx, float ry, ImU32 colour) {
  constexpr int kSegments = 20;
  ImVec2 points[kSegments];
  for (int i = 0; i < kSegments; ++i) {
    const float a = 2 * std::numbers::pi_v<float> * static_cast<float>(i) / kSegments;
    points[i] = {center.x + rx * std::cos(a), center.y + ry * std::sin(a)};
  }
  // A faint shadow needs no anti-aliased rim (half the vertices).
  const ImDrawListFlags flags = draw->Flags;
  draw->Flags &= ~ImDrawListFlags_AntiAliasedFill;
  draw->AddConvexPolyFilled(points, kSegments, colour);
  draw->Flags = flags;
}

}  // namespace

PieceStyle piece_style(Rgb seat_colour, PieceLife life, float alpha) {
  PieceStyle style;
  style.alpha = alpha;
  switch (life) {
    case PieceLife::kLive:
      style.fill = seat_colour;
      break;
    case PieceLife::kDead:
      style.fill = shade(desaturate(seat_colour, 1.0f), 0.15f);
      break;
    case PieceLife::kFrozen:
      style.fill = desaturate(seat_colour, 0.7f);
      break;
  }
  const float lum = luminance(style.fill);
  const bool dark = lum < 0.42f;
  style.outline = life == PieceLife::kDead ? IM_COL32(70, 72, 78, 255) : IM_COL32(18, 18, 22, 255);
  // A fill as dark as the dark squares (Dark Brown: issue 18) would sink
  // into them under a black outline: a light rim lifts it off the square.
  if (life == PieceLife::kLive && lum > 0.2f && lum < 0.42f) {
    style.outline = IM_COL32(246, 236, 214, 255);
    style.rim = true;
  }
  style.detail = dark ? IM_COL32(226, 226, 232, 255) : IM_COL32(24, 24, 28, 255);
  if (life == PieceLife::kDead) style.detail = IM_COL32(92, 94, 100, 255);
  return style;
}

void draw_piece(ImDrawList* draw, PieceGlyph glyph, ImVec2 center, float size,
                const PieceStyle& style, ImFont* letter_font) {
  const Art& art = art_for(glyph, size);
  const float box = size * 0.86f;
  const Transform tf{{center.x - box * 0.5f, center.y - box * 0.5f}, box / 100.0f};
  const int alpha = static_cast<int>(std::lround(255.0f * std::clamp(style.alpha, 0.0f, 1.0f)));
  // Whole-pixel outlines let ImGui draw them as textured lines: a third of
  // the triangles of fractional ones, which software GL feels.
  const float thickness = std::max(1.0f, std::round(size * 0.028f));
  const ImU32 outline = with_alpha(style.outline, style.alpha);
  const ImU32 detail = with_alpha(style.detail, style.alpha);
  const Rgb top = shade(style.fill, 0.28f);
  const Rgb bottom = shade(style.fill, -0.16f);

  if (style.shadow) {
    const float cy = art.letter.empty() ? 92.0f : 90.0f;
    ellipse(draw, tf({50, cy}), box * 0.34f, box * 0.06f,
            IM_COL32(0, 0, 0, static_cast<int>(70.0f * style.alpha)));
  }
  if (style.rim) {
    // Outside the glyph, as wide as the page's (style.css: 0.06 of a square
    // under the fill): a stroke of that width first, the fills over it.
    const float rim = std::max(2.0f, std::round(size * 0.06f));
    for (const Part& part : art.parts) {
      if (part.paint != Paint::kDetail) stroke(draw, part.outline, tf, outline, rim);
    }
  }
  for (const Part& part : art.parts) {
    if (part.paint == Paint::kDetail) {
      const Rgb d{static_cast<std::uint8_t>(style.detail & 0xFF),
                  static_cast<std::uint8_t>((style.detail >> 8) & 0xFF),
                  static_cast<std::uint8_t>((style.detail >> 16) & 0xFF)};
      fill(draw, part, tf, d, d, alpha);
      continue;
    }
    fill(draw, part, tf, top, bottom, alpha);
    stroke(draw, part.outline, tf, outline, thickness);
  }
  for (const std::vector<Vec>& line : art.strokes) {
    std::vector<ImVec2> points;
    for (const Vec v : line) points.push_back(tf(v));
    draw->AddPolyline(points.data(), static_cast<int>(points.size()), detail, ImDrawFlags_None,
                      thickness);
  }
  if (!art.letter.empty() && letter_font != nullptr) {
    const float font_size = art.letter_height * tf.scale;
    const ImVec2 text_size = letter_font->CalcTextSizeA(font_size, 1e9f, 0.0f, art.letter.c_str());
    const ImVec2 at = tf(art.letter_center);
    draw->AddText(letter_font, font_size,
                  {std::round(at.x - text_size.x * 0.5f), std::round(at.y - text_size.y * 0.5f)},
                  detail, art.letter.c_str());
  }
}

void draw_piece_marks(ImDrawList* draw, const PieceView& piece, ImVec2 center, float size) {
  const float r = size * 0.11f;
  if (piece.promoted) {
    // A gold star in the top-right corner.
    const ImVec2 c{center.x + size * 0.32f, center.y - size * 0.32f};
    ImVec2 points[10];
    for (int i = 0; i < 10; ++i) {
      const float a = -std::numbers::pi_v<float> / 2 + std::numbers::pi_v<float> * static_cast<float>(i) / 5.0f;
      const float radius = i % 2 == 0 ? r : r * 0.45f;
      points[i] = {c.x + radius * std::cos(a), c.y + radius * std::sin(a)};
    }
    // Fill as five triangles around the centre (the star is not convex).
    for (int i = 0; i < 10; ++i) {
      draw->AddTriangleFilled(c, points[i], points[(i + 1) % 10], IM_COL32(244, 196, 48, 255));
    }
    draw->AddPolyline(points, 10, IM_COL32(90, 60, 0, 255), ImDrawFlags_Closed,
                      std::max(1.0f, size * 0.012f));
  }
  if (piece.life == PieceLife::kFrozen) {
    // A snowflake in the bottom-right corner.
    const ImVec2 c{center.x + size * 0.32f, center.y + size * 0.30f};
    draw->AddCircleFilled(c, r * 1.1f, IM_COL32(40, 90, 150, 230), 16);
    for (int i = 0; i < 3; ++i) {
      const float a = std::numbers::pi_v<float> * static_cast<float>(i) / 3.0f;
      const ImVec2 d{std::cos(a) * r * 0.8f, std::sin(a) * r * 0.8f};
      draw->AddLine({c.x - d.x, c.y - d.y}, {c.x + d.x, c.y + d.y}, IM_COL32(235, 245, 255, 255),
                    std::max(1.0f, size * 0.02f));
    }
  }
}

}  // namespace tabula::ui
