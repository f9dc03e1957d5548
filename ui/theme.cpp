// Palette helpers, font loading and the ImGui style.
#include "ui/theme.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "ui/screen_layout.h"

namespace tabula::ui {
namespace {

// Latin-1 plus the punctuation, arrows, shapes (the menu's steppers) and
// symbols the panels use.
constexpr ImWchar kGlyphRanges[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2190, 0x21FF, 0x2212, 0x2212,
                                    0x25A0, 0x25FF, 0x2600, 0x2606, 0};

ImFont* add_font(ImGuiIO& io, const std::string& path, float size, bool& ok) {
  if (!ok) return nullptr;
  ImFontConfig config;
  config.OversampleH = 2;
  config.OversampleV = 1;
  config.PixelSnapH = true;
  ImFont* font =
      io.Fonts->AddFontFromFileTTF(path.c_str(), std::round(size), &config, kGlyphRanges);
  ok = font != nullptr;
  return font;
}

std::uint8_t channel(float value) {
  return static_cast<std::uint8_t>(std::clamp(std::lround(value), 0L, 255L));
}

}  // namespace

PixelRect visible_item_rect() {
  const ImVec2 a = ImGui::GetItemRectMin();
  const ImVec2 b = ImGui::GetItemRectMax();
  const ImDrawList* list = ImGui::GetWindowDrawList();
  const ImVec2 c0 = list->GetClipRectMin();
  const ImVec2 c1 = list->GetClipRectMax();
  return clipped({a.x, a.y, b.x, b.y}, {c0.x, c0.y, c1.x, c1.y});
}

float body_font_size(int window_height) {
  return std::max(15.0f, static_cast<float>(window_height) / 44.0f);
}

KioskFonts load_fonts(ImGuiIO& io, int window_height, const std::string& font_dir) {
  io.Fonts->Clear();
  const float body = body_font_size(window_height);
  const std::filesystem::path dir(font_dir);
  const std::string regular = (dir / "DejaVuSans.ttf").string();
  const std::string bold = (dir / "DejaVuSans-Bold.ttf").string();
  const std::string mono_bold = (dir / "DejaVuSansMono-Bold.ttf").string();

  KioskFonts fonts;
  bool ok = std::filesystem::exists(regular) && std::filesystem::exists(bold) &&
            std::filesystem::exists(mono_bold);
  fonts.body = add_font(io, regular, body, ok);
  fonts.small = add_font(io, regular, body * 0.78f, ok);
  fonts.bold = add_font(io, bold, body, ok);
  fonts.title = add_font(io, bold, body * 1.45f, ok);
  fonts.ruling = add_font(io, bold, body * 1.3f, ok);
  fonts.clock = add_font(io, mono_bold, body * 1.9f, ok);
  fonts.glyph = add_font(io, bold, 64.0f, ok);
  if (!ok) {
    std::fprintf(stderr,
                 "tabula-kiosk: DejaVu fonts not found in %s (Debian package fonts-dejavu-core); "
                 "using the built-in font\n",
                 font_dir.c_str());
    io.Fonts->Clear();
    ImFontConfig config;
    config.SizePixels = std::round(body);
    ImFont* fallback = io.Fonts->AddFontDefault(&config);
    fonts = KioskFonts{fallback, fallback, fallback, fallback, fallback, fallback, fallback, true};
  }
  io.FontDefault = fonts.body;
  return fonts;
}

void apply_style(float body_size) {
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  const float unit = body_size / 22.0f;
  style.WindowPadding = ImVec2(14 * unit, 12 * unit);
  style.FramePadding = ImVec2(12 * unit, 7 * unit);
  style.ItemSpacing = ImVec2(10 * unit, 8 * unit);
  style.ItemInnerSpacing = ImVec2(8 * unit, 6 * unit);
  style.CellPadding = ImVec2(8 * unit, 4 * unit);
  style.ScrollbarSize = 14 * unit;
  style.GrabMinSize = 14 * unit;
  style.WindowRounding = 10 * unit;
  style.ChildRounding = 8 * unit;
  style.FrameRounding = 7 * unit;
  style.PopupRounding = 10 * unit;
  style.GrabRounding = 6 * unit;
  style.ScrollbarRounding = 7 * unit;
  style.WindowBorderSize = 0;
  style.ChildBorderSize = 1;
  style.PopupBorderSize = 1;
  style.FrameBorderSize = 0;
  style.WindowTitleAlign = ImVec2(0.5f, 0.5f);

  ImVec4* c = style.Colors;
  auto v = [](ImU32 colour) { return ImGui::ColorConvertU32ToFloat4(colour); };
  c[ImGuiCol_Text] = v(palette::kText);
  c[ImGuiCol_TextDisabled] = v(palette::kTextMuted);
  c[ImGuiCol_WindowBg] = v(palette::kBackground);
  c[ImGuiCol_ChildBg] = v(palette::kPanel);
  c[ImGuiCol_PopupBg] = v(palette::rgba(38, 42, 50));
  c[ImGuiCol_Border] = v(palette::kBorder);
  c[ImGuiCol_FrameBg] = v(palette::rgba(52, 57, 68));
  c[ImGuiCol_FrameBgHovered] = v(palette::rgba(62, 68, 82));
  c[ImGuiCol_FrameBgActive] = v(palette::rgba(70, 77, 93));
  c[ImGuiCol_TitleBg] = v(palette::rgba(44, 48, 57));
  c[ImGuiCol_TitleBgActive] = v(palette::rgba(50, 56, 68));
  c[ImGuiCol_Button] = v(palette::rgba(58, 64, 78));
  c[ImGuiCol_ButtonHovered] = v(palette::rgba(72, 80, 98));
  c[ImGuiCol_ButtonActive] = v(palette::rgba(86, 96, 118));
  c[ImGuiCol_Header] = v(palette::rgba(52, 58, 70));
  c[ImGuiCol_HeaderHovered] = v(palette::rgba(62, 70, 86));
  c[ImGuiCol_HeaderActive] = v(palette::rgba(70, 80, 98));
  c[ImGuiCol_Separator] = v(palette::kBorder);
  c[ImGuiCol_ScrollbarBg] = v(palette::rgba(0, 0, 0, 0));
  c[ImGuiCol_ScrollbarGrab] = v(palette::rgba(70, 76, 90));
  c[ImGuiCol_TableHeaderBg] = v(to_imu32(kTableHeader));
  c[ImGuiCol_TableBorderStrong] = v(palette::kBorder);
  c[ImGuiCol_TableBorderLight] = v(palette::rgba(48, 52, 62));
  c[ImGuiCol_TableRowBg] = v(palette::rgba(0, 0, 0, 0));
  c[ImGuiCol_TableRowBgAlt] = v(palette::rgba(255, 255, 255, 8));
  c[ImGuiCol_ModalWindowDimBg] = v(palette::rgba(8, 9, 12, 110));
  ImGui::GetStyle() = style;
}

ImU32 to_imu32(Rgb colour, int alpha) {
  return IM_COL32(colour.r, colour.g, colour.b, std::clamp(alpha, 0, 255));
}

ImU32 severity_colour(Severity severity) {
  switch (severity) {
    case Severity::kIllegal:
      return palette::kIllegal;
    case Severity::kWarning:
      return palette::kWarning;
    case Severity::kInfo:
      return palette::kInfo;
  }
  return palette::kInfo;
}

ImU32 severity_background(Severity severity) {
  switch (severity) {
    case Severity::kIllegal:
      return palette::kIllegalBg;
    case Severity::kWarning:
      return palette::kWarningBg;
    case Severity::kInfo:
      return palette::kInfoBg;
  }
  return palette::kInfoBg;
}

ImU32 status_colour(SeatStatus status) {
  switch (status) {
    case SeatStatus::kLive:
    case SeatStatus::kWon:
      return palette::kGood;
    case SeatStatus::kDrawn:
      return palette::kText;
    case SeatStatus::kMated:
    case SeatStatus::kFlagged:
    case SeatStatus::kRemoved:
      return palette::kIllegal;
    case SeatStatus::kStalemated:
    case SeatStatus::kResigned:
    case SeatStatus::kLost:
      return palette::kWarning;
  }
  return palette::kText;
}

float luminance(Rgb colour) {
  return (0.2126f * colour.r + 0.7152f * colour.g + 0.0722f * colour.b) / 255.0f;
}

Rgb desaturate(Rgb colour, float amount) {
  const float grey = luminance(colour) * 255.0f;
  auto mix = [&](std::uint8_t c) { return channel(c + (grey - c) * amount); };
  return {mix(colour.r), mix(colour.g), mix(colour.b)};
}

Rgb shade(Rgb colour, float amount) {
  auto move = [&](std::uint8_t c) {
    return channel(amount >= 0 ? c + (255.0f - c) * amount : c * (1.0f + amount));
  };
  return {move(colour.r), move(colour.g), move(colour.b)};
}

ImU32 with_alpha(ImU32 colour, float alpha_scale) {
  const auto alpha = static_cast<float>((colour >> IM_COL32_A_SHIFT) & 0xFF);
  const auto scaled = static_cast<ImU32>(std::clamp(alpha * alpha_scale, 0.0f, 255.0f));
  return (colour & ~IM_COL32_A_MASK) | (scaled << IM_COL32_A_SHIFT);
}

Rgb accent(Rgb seat_colour) {
  return luminance(seat_colour) < 0.33f ? shade(seat_colour, 0.42f) : seat_colour;
}

float contrast_ratio(Rgb a, Rgb b) {
  auto linear = [](std::uint8_t c) {
    const double v = c / 255.0;
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  auto relative = [&](Rgb c) { return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b); };
  const double la = relative(a);
  const double lb = relative(b);
  return static_cast<float>((std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05));
}

Rgb text_accent(Rgb seat_colour, Rgb background, float min_ratio) {
  const Rgb base = accent(seat_colour);
  Rgb out = base;
  for (int step = 1; step <= 20 && contrast_ratio(out, background) < min_ratio; ++step) {
    out = shade(base, 0.05f * static_cast<float>(step));
  }
  return out;
}

Rgb mix(Rgb a, Rgb b, float t) {
  auto m = [t](std::uint8_t x, std::uint8_t y) {
    return channel(x + (static_cast<float>(y) - x) * t);
  };
  return {m(a.r, b.r), m(a.g, b.g), m(a.b, b.b)};
}

}  // namespace tabula::ui
