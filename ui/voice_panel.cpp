// voice_panel.cpp — the voice's controls (voice_panel.h).
#include "ui/voice_panel.h"

#include <algorithm>

namespace tabula::ui {

std::optional<VoiceQuery> query_for_key(unsigned int c, int seat_count) {
  switch (c) {
    case 'c':
    case 'C':
      return VoiceQuery{voice::Query::kClocks};
    case 'l':
    case 'L':
      return VoiceQuery{voice::Query::kLastMove};
    case 't':
    case 'T':
      return VoiceQuery{voice::Query::kTurn};
    case 'a':
    case 'A':
      return VoiceQuery{voice::Query::kAgain};
    default:
      break;
  }
  if (c >= '1' && c <= '4' && static_cast<int>(c - '1') < seat_count) {
    return VoiceQuery{voice::Query::kPieces, static_cast<int>(c - '1')};
  }
  return std::nullopt;
}

std::optional<VoiceQuery> VoicePanel::take_query() {
  std::optional<VoiceQuery> q = query_;
  query_.reset();
  return q;
}

void VoicePanel::read_keys(int seat_count) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  for (int i = 0; i < io.InputQueueCharacters.Size; ++i) {
    if (auto q = query_for_key(io.InputQueueCharacters[i], seat_count)) query_ = q;
  }
}

void VoicePanel::draw_settings(const KioskFonts& fonts, float touch, const Widgets& ui) {
  const float width = ImGui::GetContentRegionAvail().x;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  ui.heading("VOICE");
  if (!settings_.on) ImGui::PushStyleColor(ImGuiCol_Button, palette::kWarningBg);
  const bool was_on = settings_.on;
  if (ui.button(was_on ? "Voice on: mute it##voice" : "Voice muted: turn it on##voice", {width, touch})) {
    settings_.on = !settings_.on;
  }
  if (!was_on) ImGui::PopStyleColor();
  ui.heading("VOLUME");
  if (ui.button("\xE2\x88\x92##volume", {touch, touch})) {  // −
    settings_.volume_percent = std::max(0, settings_.volume_percent - kVolumeStep);
  }
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Button, palette::kPanel);
  ImGui::Button((std::to_string(settings_.volume_percent) + " %##volume-n").c_str(),
                {width - 2 * (touch + gap), touch});
  ImGui::PopStyleColor();
  ImGui::SameLine();
  if (ui.button("+##volume", {touch, touch})) {
    settings_.volume_percent = std::min(100, settings_.volume_percent + kVolumeStep);
  }
  if (!status_.empty()) {
    ImGui::PushFont(fonts.small);
    ImGui::TextWrapped("%s", status_.c_str());
    ImGui::PopFont();
  }
}

void VoicePanel::draw_queries(const KioskView& view, float touch, const Widgets& ui) {
  const float width = ImGui::GetContentRegionAvail().x;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float quarter = (width - 3 * gap) / 4.0f;
  ui.heading(settings_.on ? "SAY ALOUD" : "SAY ALOUD (the table's voice is muted; answers are still said)");
  // s30-table: the last ruling or hint once more, word for word (a child who
  // missed it); while the voice is off the screen says so instead. First in
  // the row, which keeps the screen's height (a row of its own pushed the
  // pieces' buttons off the 800x480 screen).
  if (ui.button("Say again##say", {quarter, touch})) query_ = VoiceQuery{voice::Query::kAgain};
  ImGui::SameLine();
  if (ui.button("Clocks##say", {quarter, touch})) query_ = VoiceQuery{voice::Query::kClocks};
  ImGui::SameLine();
  if (ui.button("Last move##say", {quarter, touch})) query_ = VoiceQuery{voice::Query::kLastMove};
  ImGui::SameLine();
  if (ui.button("Whose turn##say", {quarter, touch})) query_ = VoiceQuery{voice::Query::kTurn};
  const int n = static_cast<int>(view.seats.size());
  if (n == 0) return;
  ui.heading("WHERE THE PIECES STAND");
  const float each = (width - static_cast<float>(n - 1) * gap) / static_cast<float>(n);
  for (int i = 0; i < n; ++i) {
    if (i > 0) ImGui::SameLine();
    const SeatView& seat = view.seats[static_cast<std::size_t>(i)];
    ImGui::PushStyleColor(ImGuiCol_Text, to_imu32(accent(seat.colour)));
    if (ui.button((seat.name + "##pieces" + std::to_string(i)).c_str(), {each, touch})) {
      query_ = VoiceQuery{voice::Query::kPieces, i};
    }
    ImGui::PopStyleColor();
  }
}

}  // namespace tabula::ui
