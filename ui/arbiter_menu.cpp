// Arbiter menu and PIN pad popups (state table in the header).
#include "ui/arbiter_menu.h"

#include <algorithm>
#include <string>

namespace tabula::ui {
namespace {

constexpr const char* kPinPopup = "##arbiter-pin";
constexpr const char* kMenuPopup = "##arbiter-menu";

void heading(const KioskFonts& fonts, const char* text) {
  ImGui::Dummy({0, fonts.small->FontSize * 0.3f});
  ImGui::PushFont(fonts.small);
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kTextMuted);
  ImGui::TextUnformatted(text);
  ImGui::PopStyleColor();
  ImGui::PopFont();
}

ImGuiWindowFlags popup_flags() {
  return ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove |
         ImGuiWindowFlags_NoSavedSettings;
}

}  // namespace

ArbiterMenu::ArbiterMenu(std::string pin) : pin_pad_(std::move(pin)) {}

void ArbiterMenu::open() {
  if (state_ != State::kLocked) return;
  state_ = State::kPinEntry;
  wrong_pin_ = false;
  pin_pad_.clear();
}

void ArbiterMenu::draw_pin_pad(const KioskFonts& fonts) {
  const float body = fonts.body->FontSize;
  const float key = body * 3.0f;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float width = key * 3 + gap * 2;

  ImGui::PushFont(fonts.title);
  ImGui::TextUnformatted("Arbiter");
  ImGui::PopFont();
  ImGui::PushFont(fonts.small);
  ImGui::PushStyleColor(ImGuiCol_Text, wrong_pin_ ? palette::kIllegal : palette::kTextMuted);
  ImGui::TextUnformatted(wrong_pin_ ? "Wrong PIN, try again" : "Enter the arbiter PIN");
  ImGui::PopStyleColor();
  ImGui::PopFont();

  // The dots: filled for digits entered.
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const auto length = static_cast<float>(pin_pad_.length());
  const float r = body * 0.32f;
  const float step = r * 3.2f;
  const float x0 = at.x + (width - step * (length - 1)) * 0.5f;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (std::size_t i = 0; i < pin_pad_.length(); ++i) {
    const ImVec2 c{x0 + step * static_cast<float>(i), at.y + r * 2};
    if (i < pin_pad_.entered()) {
      draw->AddCircleFilled(c, r, palette::kText, 20);
    } else {
      draw->AddCircle(c, r, palette::kTextMuted, 20, 2.0f);
    }
  }
  ImGui::Dummy({width, r * 4});

  auto press = [&](char digit) {
    switch (pin_pad_.press(digit)) {
      case PinPad::Outcome::kIncomplete:
        break;
      case PinPad::Outcome::kAccepted:
        state_ = State::kUnlocked;
        wrong_pin_ = false;
        last_sent_.clear();
        ImGui::CloseCurrentPopup();
        break;
      case PinPad::Outcome::kRejected:
        wrong_pin_ = true;
        break;
    }
  };
  ImGui::PushFont(fonts.title);
  static constexpr char kKeys[] = "123456789<0C";
  for (int i = 0; i < 12; ++i) {
    if (i % 3 != 0) ImGui::SameLine();
    const char k = kKeys[i];
    const std::string label = k == '<' ? "\xE2\x86\x90" : std::string(1, k);  // ←
    if (ImGui::Button((label + "##key" + std::to_string(i)).c_str(), {key, key * 0.8f})) {
      if (k == '<') {
        pin_pad_.erase();
      } else if (k == 'C') {
        pin_pad_.clear();
      } else {
        press(k);
      }
    }
  }
  ImGui::PopFont();
  // A keyboard works too.
  for (const ImWchar c : ImGui::GetIO().InputQueueCharacters) {
    if (c >= '0' && c <= '9' && state_ == State::kPinEntry) press(static_cast<char>(c));
  }
  if (ImGui::Button("Cancel", {width, 0})) {
    state_ = State::kLocked;
    pin_pad_.clear();
    ImGui::CloseCurrentPopup();
  }
}

std::optional<Intent> ArbiterMenu::draw_items(const KioskView& view, const KioskFonts& fonts) {
  std::optional<Intent> intent;
  const float body = fonts.body->FontSize;
  const float width = body * 24.0f;
  const float button = body * 7.5f;
  const float field = width - button - ImGui::GetStyle().ItemSpacing.x;

  ImGui::PushFont(fonts.title);
  ImGui::TextUnformatted("Arbiter menu");
  ImGui::PopFont();

  heading(fonts, "NEW GAME");
  if (!view.variants.empty()) {
    variant_index_ = std::clamp(variant_index_, 0, static_cast<int>(view.variants.size()) - 1);
    ImGui::SetNextItemWidth(field);
    const VariantChoice& chosen = view.variants[static_cast<std::size_t>(variant_index_)];
    if (ImGui::BeginCombo("##variant", chosen.name.c_str())) {
      for (int i = 0; i < static_cast<int>(view.variants.size()); ++i) {
        const VariantChoice& v = view.variants[static_cast<std::size_t>(i)];
        if (ImGui::Selectable(v.name.c_str(), i == variant_index_)) variant_index_ = i;
      }
      ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (ImGui::Button("Start", {button, 0})) {
      intent = NewGame{chosen.id, std::string(time_control_.data()), std::string(players_.data())};
    }
    ImGui::SetNextItemWidth(field);
    ImGui::InputTextWithHint("##clock", "clock: 15+10, 5d3, 90 (empty: none)", time_control_.data(),
                             time_control_.size());
    ImGui::SetNextItemWidth(field);
    ImGui::InputTextWithHint("##players", "players: Ann,Bob,... (seat order)", players_.data(), players_.size());
  } else {
    ImGui::TextDisabled("No variants offered");
  }

  heading(fonts, "TAKE BACK");
  ImGui::SetNextItemWidth(field);
  ImGui::SliderInt("##plies", &takeback_plies_, 1, 20,
                   takeback_plies_ == 1 ? "1 move" : "%d moves");
  ImGui::SameLine();
  if (ImGui::Button("Take back", {button, 0})) intent = TakeBack{takeback_plies_};

  heading(fonts, "ADJUDICATE");
  // Wins two to a row under a full-width Draw, so long seat names fit.
  const float half = (width - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
  if (ImGui::Button("Draw", {width, 0})) intent = Adjudicate{std::nullopt};
  for (int i = 0; i < static_cast<int>(view.seats.size()); ++i) {
    if (i % 2 == 1) ImGui::SameLine();
    const std::string label =
        view.seats[static_cast<std::size_t>(i)].name + " wins##win" + std::to_string(i);
    if (ImGui::Button(label.c_str(), {half, 0})) intent = Adjudicate{SeatIndex{i}};
  }

  heading(fonts, "CLOCK");
  if (ImGui::Button("Stop the clock", {half, 0})) intent = ClockCommand{true};
  ImGui::SameLine();
  if (ImGui::Button("Start the clock", {half, 0})) intent = ClockCommand{false};

  heading(fonts, "TEACHING");
  ImGui::Checkbox("Show where a lifted piece may go", &teaching_);

  heading(fonts, "JOURNAL");
  if (ImGui::Button("Resume the recorded game", {width, 0})) intent = ResumeJournal{};

  heading(fonts, "SET POSITION");
  ImGui::SetNextItemWidth(field);
  ImGui::InputTextWithHint("##position", "FEN or FEN4", position_.data(), position_.size());
  ImGui::SameLine();
  if (ImGui::Button("Set", {button, 0}) && position_[0] != '\0') {
    intent = SetPosition{std::string(position_.data())};
  }
  if (ImGui::Button("Check the board against the game", {width, 0})) intent = SetPosition{""};

  ImGui::Dummy({0, body * 0.3f});
  ImGui::Separator();
  if (intent) last_sent_ = describe(*intent);
  if (!last_sent_.empty()) {
    ImGui::PushFont(fonts.small);
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kGood);
    ImGui::TextUnformatted(("Sent: " + last_sent_).c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
  }
  if (ImGui::Button("Lock", {width, body * 2.0f})) {
    state_ = State::kLocked;
    ImGui::CloseCurrentPopup();
  }
  return intent;
}

std::optional<Intent> ArbiterMenu::draw(const KioskView& view, const KioskFonts& fonts,
                                        ImVec2 center) {
  std::optional<Intent> intent;
  const float body = fonts.body->FontSize;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {body * 1.2f, body * 1.0f});
  if (state_ == State::kPinEntry) {
    if (!ImGui::IsPopupOpen(kPinPopup)) ImGui::OpenPopup(kPinPopup);
    ImGui::SetNextWindowPos(center, ImGuiCond_Always, {0.5f, 0.5f});
    if (ImGui::BeginPopupModal(kPinPopup, nullptr, popup_flags())) {
      draw_pin_pad(fonts);
      ImGui::EndPopup();
    }
  } else if (state_ == State::kUnlocked) {
    if (!ImGui::IsPopupOpen(kMenuPopup)) ImGui::OpenPopup(kMenuPopup);
    ImGui::SetNextWindowPos(center, ImGuiCond_Always, {0.5f, 0.5f});
    if (ImGui::BeginPopupModal(kMenuPopup, nullptr, popup_flags())) {
      intent = draw_items(view, fonts);
      ImGui::EndPopup();
    }
  }
  ImGui::PopStyleVar();
  return intent;
}

}  // namespace tabula::ui
