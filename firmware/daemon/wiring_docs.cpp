#include "daemon/wiring_docs.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

namespace tabula::firmware {
namespace {

// BCM GPIO number -> physical pin on the Raspberry Pi 40-pin header.
int rpi_header_pin(unsigned gpio) {
  static constexpr std::array<int, 28> kPins = {27, 28, 3,  5,  7,  29, 31, 26, 24, 21,
                                                19, 23, 32, 33, 8,  10, 36, 11, 12, 35,
                                                38, 40, 15, 16, 18, 22, 37, 13};
  return gpio < kPins.size() ? kPins[gpio] : 0;
}

std::string topology_name(const Wiring& w) {
  switch (w.topology) {
    case Topology::kDiodeMatrix:
      return "diode matrix";
    case Topology::kDecodedMatrix:
      return "decoded matrix";
    case Topology::kDirectLines:
      return "direct lines";
  }
  return "?";
}

std::size_t gpio_lines(const Wiring& w) {
  return w.output_lines().size() + w.input_lines.size();
}

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// A readable, distinct fill per group (row line or chip).
std::string group_colour(std::size_t group) {
  static constexpr std::array<const char*, 16> kColours = {
      "#fde2e4", "#e2ece9", "#dfe7fd", "#fff1c1", "#e8dff5", "#d3f8e2", "#fce1c8", "#cddafd",
      "#f0efeb", "#ffd6a5", "#caffbf", "#9bf6ff", "#bdb2ff", "#ffc6ff", "#fdffb6", "#e4c1f9"};
  return kColours[group % kColours.size()];
}

std::string line_with_pin(const Wiring& w, LineId line) {
  const ChipSpec& chip = w.chips[line.chip];
  std::string out = describe_line(w, line);
  const std::string pin = pin_name(chip, line.offset);
  if (!pin.empty()) out += " (" + pin + ")";
  return out;
}

struct PieceCount {
  int pieces;
  const char* note;
};

PieceCount pieces_for(const std::string& geometry) {
  if (geometry == "chess-8x8") return {32, "FIDE chess: 2 x 16"};
  if (geometry == "cross-12") return {64, "Chess Four (sheet 001): 4 x 16"};
  if (geometry == "cross-12-corners") return {64, "corner games (sheet 000): 4 x 16"};
  if (geometry == "cross-14") return {64, "four-player 14x14 (sheets 002, 003, chess.com): 4 x 16"};
  if (geometry == "bipartite-5x9")
    return {20, "Bipartite (sheet 004): 18 messengers in stage one; 2 x 10 in stage two"};
  if (geometry == "mini-8x8-corners") return {32, "mini corner game: 4 x (4 pieces + 4 pawns)"};
  return {0, "see the variant"};
}

}  // namespace

std::string pin_name(const ChipSpec& chip, unsigned offset) {
  switch (chip.kind) {
    case ChipKind::kRpiHeader: {
      const int pin = rpi_header_pin(offset);
      return pin ? "GPIO" + std::to_string(offset) + ", header pin " + std::to_string(pin) : "";
    }
    case ChipKind::kMcp23017:
      if (offset < 8)
        return "GPA" + std::to_string(offset) + ", pin " + std::to_string(21 + offset);
      if (offset < 16)
        return "GPB" + std::to_string(offset - 8) + ", pin " + std::to_string(1 + offset - 8);
      return "";
    case ChipKind::kOther:
      break;
  }
  return "";
}

std::string profile_summary(const BoardProfile& p) {
  const Wiring& w = p.wiring;
  std::string out = p.id + ": geometry " + p.geometry.id() + " (" +
                    std::to_string(p.geometry.square_count()) + " squares), " + topology_name(w);
  if (w.is_matrix()) {
    out += " " + std::to_string(w.row_count) + " rows x " + std::to_string(w.input_lines.size()) +
           " columns";
    if (w.topology == Topology::kDecodedMatrix)
      out += " via " + (w.decoder_part.empty() ? std::string("a decoder") : w.decoder_part);
  }
  out += ", " + std::to_string(w.sensors.size()) + " reeds, " + std::to_string(gpio_lines(w)) +
         " GPIO lines on " + std::to_string(w.chips.size()) + " chip(s), " +
         std::to_string(p.timing.scan_hz) + " Hz, debounce " +
         std::to_string(p.timing.debounce.count() / 1000) + " ms";
  return out;
}

std::string wiring_svg(const BoardProfile& p) {
  const Wiring& w = p.wiring;
  const geometry::Geometry& g = p.geometry;
  constexpr int kCell = 46;
  constexpr int kLeft = 40;
  constexpr int kTop = 70;
  const int board_w = g.files() * kCell;
  const int board_h = g.ranks() * kCell;
  const int legend_x = kLeft + board_w + 40;
  const int legend_w = 430;
  const std::size_t legend_lines =
      w.output_lines().size() + w.input_lines.size() + w.chips.size() + 12;
  const int width = legend_x + legend_w;
  const int height = std::max(kTop + board_h + 90, kTop + static_cast<int>(legend_lines) * 16 + 40);

  // Sensor lookup per square: the k-th reed of a merged square sits in its k-th cell.
  std::vector<std::vector<std::size_t>> by_square(g.square_count());
  for (std::size_t s = 0; s < w.sensors.size(); ++s)
    by_square[to_size(w.sensors[s].square)].push_back(s);

  std::string svg;
  auto add = [&](const std::string& s) { svg += s + "\n"; };
  add("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) +
      "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(width) + " " +
      std::to_string(height) + "\" font-family=\"DejaVu Sans, Arial, sans-serif\">");
  // No "--" inside an XML comment: name the command in words.
  add("<!-- Generated from " + escape(p.source_file) +
      " by tabula-boardd (option wiring-svg); do not edit. -->");
  add("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
  add("<text x=\"" + std::to_string(kLeft) + "\" y=\"28\" font-size=\"18\" font-weight=\"bold\">" +
      escape(p.id) + " — " + escape(topology_name(w)) + " for " + escape(g.id()) + "</text>");
  add("<text x=\"" + std::to_string(kLeft) + "\" y=\"50\" font-size=\"12\">" +
      escape(p.description) + "</text>");

  // Board, rank 1 at the bottom (the south seat's view).
  for (int r = 0; r < g.ranks(); ++r) {
    for (int f = 0; f < g.files(); ++f) {
      const int x = kLeft + f * kCell;
      const int y = kTop + (g.ranks() - 1 - r) * kCell;
      const auto q = g.square_at({f, r});
      if (!q) {
        add("<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
            std::to_string(kCell) + "\" height=\"" + std::to_string(kCell) +
            "\" fill=\"#d0d0d0\" stroke=\"#999\"/>");
        continue;
      }
      const auto& sq = g.square(*q);
      const auto cell_it = std::find(sq.cells.begin(), sq.cells.end(), geometry::Cell{f, r});
      const auto k = static_cast<std::size_t>(cell_it - sq.cells.begin());
      const auto& reeds = by_square[to_size(*q)];
      std::string fill = "#ffffff";
      std::string label;
      if (k < reeds.size()) {
        const SensorSpec& s = w.sensors[reeds[k]];
        if (w.is_matrix()) {
          fill = group_colour(s.row);
          label = "R" + std::to_string(s.row) + " C" + std::to_string(s.input);
        } else {
          fill = group_colour(w.input_lines[s.input].chip);
          label = describe_line(w, w.input_lines[s.input]);
        }
      }
      add("<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
          std::to_string(kCell) + "\" height=\"" + std::to_string(kCell) + "\" fill=\"" + fill +
          "\" stroke=\"#555\"/>");
      add("<text x=\"" + std::to_string(x + 3) + "\" y=\"" + std::to_string(y + 13) +
          "\" font-size=\"11\" font-weight=\"bold\">" + escape(k == 0 ? sq.name : "") + "</text>");
      add("<text x=\"" + std::to_string(x + 3) + "\" y=\"" + std::to_string(y + kCell - 6) +
          "\" font-size=\"9\">" + escape(label) + "</text>");
    }
  }
  // Outline merged squares.
  for (const auto& sq : g.squares()) {
    if (sq.cells.size() < 2) continue;
    int f0 = 99, r0 = 99, f1 = -1, r1 = -1;
    for (const auto& c : sq.cells) {
      f0 = std::min(f0, c.file);
      r0 = std::min(r0, c.rank);
      f1 = std::max(f1, c.file);
      r1 = std::max(r1, c.rank);
    }
    add("<rect x=\"" + std::to_string(kLeft + f0 * kCell) + "\" y=\"" +
        std::to_string(kTop + (g.ranks() - 1 - r1) * kCell) + "\" width=\"" +
        std::to_string((f1 - f0 + 1) * kCell) + "\" height=\"" +
        std::to_string((r1 - r0 + 1) * kCell) +
        "\" fill=\"none\" stroke=\"#b00020\" stroke-width=\"3\"/>");
  }
  // File letters and rank numbers.
  for (int f = 0; f < g.files(); ++f)
    add("<text x=\"" + std::to_string(kLeft + f * kCell + kCell / 2 - 4) + "\" y=\"" +
        std::to_string(kTop + board_h + 16) + "\" font-size=\"12\">" +
        std::string(1, static_cast<char>('a' + f)) + "</text>");
  for (int r = 0; r < g.ranks(); ++r)
    add("<text x=\"" + std::to_string(kLeft - 22) + "\" y=\"" +
        std::to_string(kTop + (g.ranks() - 1 - r) * kCell + kCell / 2 + 4) +
        "\" font-size=\"12\">" + std::to_string(r + 1) + "</text>");
  add("<text x=\"" + std::to_string(kLeft) + "\" y=\"" + std::to_string(kTop + board_h + 40) +
      "\" font-size=\"11\">South seat at the bottom. Grey: no square. Red outline: one logical "
      "square sensed by several reeds.</text>");
  add("<text x=\"" + std::to_string(kLeft) + "\" y=\"" + std::to_string(kTop + board_h + 56) +
      "\" font-size=\"11\">" +
      escape(w.is_matrix() ? "Cell label: matrix row R and column C of its reed; colour = row line."
                           : "Cell label: the chip line its reed pulls to ground; colour = chip.") +
      "</text>");

  // Legend: lines and pins.
  int y = kTop;
  auto legend = [&](const std::string& text, bool bold = false) {
    add("<text x=\"" + std::to_string(legend_x) + "\" y=\"" + std::to_string(y) +
        "\" font-size=\"12\"" + (bold ? " font-weight=\"bold\"" : "") + ">" + escape(text) +
        "</text>");
    y += 16;
  };
  legend("Chips", true);
  for (const ChipSpec& c : w.chips)
    legend(c.id + " = " + c.device + (c.note.empty() ? "" : " (" + c.note + ")"));
  y += 8;
  switch (w.topology) {
    case Topology::kDiodeMatrix:
      legend("Row lines (open drain, driven low one at a time)", true);
      for (std::size_t r = 0; r < w.row_lines.size(); ++r)
        legend("R" + std::to_string(r) + "  <-  " + line_with_pin(w, w.row_lines[r]));
      break;
    case Topology::kDecodedMatrix: {
      const std::string part = w.decoder_part.empty() ? "decoder" : w.decoder_part;
      legend(part + " selects row Y(address), active low", true);
      for (std::size_t b = 0; b < w.address_lines.size(); ++b)
        legend("A" + std::to_string(b) + "  <-  " + line_with_pin(w, w.address_lines[b]));
      if (w.enable_line) legend("/E (G1+G2)  <-  " + line_with_pin(w, *w.enable_line));
      legend("Y0..Y" + std::to_string(w.row_count - 1) + " = R0..R" +
             std::to_string(w.row_count - 1));
      break;
    }
    case Topology::kDirectLines:
      legend("One input per reed; the reed closes it to GND", true);
      break;
  }
  if (w.is_matrix()) {
    y += 8;
    legend(std::string("Column lines (inputs, ") +
               (w.bias == InputBias::kPullUp ? "internal pull-up" : "external 10k pull-up") + ")",
           true);
    for (std::size_t c = 0; c < w.input_lines.size(); ++c)
      legend("C" + std::to_string(c) + "  ->  " + line_with_pin(w, w.input_lines[c]));
    y += 8;
    legend("Each crossing: column --[reed]--|>|-- row", true);
    legend("(1N4148 in series, cathode (band) toward the row line)");
  }
  add("</svg>");
  return svg;
}

std::string pin_table_markdown(const BoardProfile& p) {
  const Wiring& w = p.wiring;
  std::string md =
      "<!-- Generated by `tabula-boardd --pin-table " + p.source_file + "`; do not edit. -->\n";
  md += "### " + p.id + "\n\n" + p.description + "\n\n" + profile_summary(p) + "\n\n";
  md += "| Signal | Line | Chip device | Pin | Squares |\n|---|---|---|---|---|\n";
  std::map<std::pair<std::size_t, std::size_t>, std::string> squares_on;  // (kind,index) -> names
  std::vector<std::size_t> nth(p.geometry.square_count(), 0);
  for (const SensorSpec& s : w.sensors) {
    auto& a = squares_on[{0, s.row}];
    auto& b = squares_on[{1, s.input}];
    // A merged square's k-th reed sits in its k-th cell: "a1(b2)".
    const auto& sq = p.geometry.square(s.square);
    const std::size_t k = nth[to_size(s.square)]++;
    const std::string name = sq.cells.size() > 1 && k < sq.cells.size()
                                 ? sq.name + "(" + geometry::cell_name(sq.cells[k]) + ")"
                                 : sq.name;
    a += (a.empty() ? "" : " ") + name;
    b += (b.empty() ? "" : " ") + name;
  }
  auto row = [&](const std::string& signal, LineId line, const std::string& squares) {
    const ChipSpec& chip = w.chips[line.chip];
    const std::string pin = pin_name(chip, line.offset);
    md += "| " + signal + " | " + describe_line(w, line) + " | " + chip.device + " | " +
          (pin.empty() ? "-" : pin) + " | " + (squares.empty() ? "-" : squares) + " |\n";
  };
  switch (w.topology) {
    case Topology::kDiodeMatrix:
      for (std::size_t r = 0; r < w.row_lines.size(); ++r)
        row("R" + std::to_string(r) + " (row, out)", w.row_lines[r], squares_on[{0, r}]);
      break;
    case Topology::kDecodedMatrix:
      for (std::size_t b = 0; b < w.address_lines.size(); ++b)
        row("A" + std::to_string(b) + " (decoder address, out)", w.address_lines[b], "");
      if (w.enable_line) row("/E (decoder enable, out)", *w.enable_line, "");
      break;
    case Topology::kDirectLines:
      break;
  }
  for (std::size_t c = 0; c < w.input_lines.size(); ++c) {
    const std::string signal = w.is_matrix() ? "C" + std::to_string(c) + " (column, in)"
                                             : "L" + std::to_string(c) + " (reed, in)";
    row(signal, w.input_lines[c], squares_on[{1, c}]);
  }
  if (w.topology == Topology::kDecodedMatrix) {
    md += "\nDecoder outputs (" +
          (w.decoder_part.empty() ? std::string("decoder") : w.decoder_part) +
          ", active low) drive the rows:\n\n| Output | Squares |\n|---|---|\n";
    for (std::size_t r = 0; r < w.row_count; ++r)
      md += "| Y" + std::to_string(r) + " = R" + std::to_string(r) + " | " +
            (squares_on[{0, r}].empty() ? "-" : squares_on[{0, r}]) + " |\n";
  }
  return md;
}

std::string parts_markdown(const BoardProfile& p) {
  const Wiring& w = p.wiring;
  const PieceCount pieces = pieces_for(p.geometry.id());
  std::size_t expanders = 0;
  for (const ChipSpec& c : w.chips) expanders += c.kind == ChipKind::kMcp23017;
  std::string md =
      "<!-- Generated by `tabula-boardd --parts " + p.source_file + "`; do not edit. -->\n";
  md += "### " + p.id + " (" + p.geometry.id() + ", " + std::to_string(p.geometry.square_count()) +
        " squares)\n\n| Part | Qty | Note |\n|---|---|---|\n";
  auto part = [&](const std::string& name, std::size_t qty, const std::string& note) {
    md += "| " + name + " | " + std::to_string(qty) + " | " + note + " |\n";
  };
  part("Raspberry Pi 4 + 5 V 3 A supply + microSD", 1, "runs tabula-boardd and the kiosk");
  part("Reed switch, normally open, glass 2 x 14 mm (e.g. MKA-14103)", w.sensors.size(),
       "one per reed in the profile, under the centre of its cell");
  if (w.is_matrix())
    part("Diode 1N4148", w.sensors.size(), "one in series with each reed, cathode to the row");
  if (w.topology == Topology::kDecodedMatrix)
    part(w.decoder_part.empty() ? "Binary decoder" : w.decoder_part + " 4-to-16 decoder, DIP-24", 1,
         "3.3 V supply; outputs select the rows");
  if (expanders > 0) {
    part("MCP23017 16-bit I2C expander, DIP-28", expanders,
         "addresses set by A0..A2; see the pin table");
    part("Resistor 4.7 kOhm", 2, "I2C SDA/SCL pull-ups to 3.3 V");
    part("Capacitor 100 nF", expanders, "decoupling, one per expander");
  }
  if (w.bias == InputBias::kNone)
    part("Resistor 10 kOhm", w.input_lines.size(), "external pull-up per input line");
  else
    part("Resistor 10 kOhm (optional)", w.input_lines.size(),
         "external pull-ups if long wires settle too slowly on the internal ~50 kOhm");
  part("GPIO lines used", gpio_lines(w), "of 26 on the Pi header (GPIO2..27)");
  part("Neodymium disc magnet 6 x 3 mm, N42", static_cast<std::size_t>(pieces.pieces),
       std::string("one per piece: ") + pieces.note);
  part("40-way IDC ribbon + header", 1, "Pi header to the board's wiring");
  return md;
}

std::vector<std::string> header_requirements(const BoardProfile& profile) {
  const Wiring& w = profile.wiring;
  std::vector<LineId> lines = w.output_lines();
  lines.insert(lines.end(), w.input_lines.begin(), w.input_lines.end());
  std::string spi, uart;
  for (unsigned offset = 0; offset < 28; ++offset) {
    bool used = false;
    for (const LineId& l : lines)
      used = used || (w.chips[l.chip].kind == ChipKind::kRpiHeader && l.offset == offset);
    const bool of_spi = offset >= 7 && offset <= 11, of_uart = offset == 14 || offset == 15;
    if (!used || (!of_spi && !of_uart)) continue;
    std::string& list = of_spi ? spi : uart;
    list += (list.empty() ? "GPIO " : ", ") + std::to_string(offset);
  }
  std::vector<std::string> out;
  if (!spi.empty())
    out.push_back("it uses " + spi + ", which SPI0 takes: /boot/firmware/config.txt needs dtparam=spi=off "
                  "(and no SPI overlay), else the daemon finds them busy (line-busy)");
  if (!uart.empty())
    out.push_back("it uses " + uart + ", which the UART takes: /boot/firmware/config.txt needs enable_uart=0, "
                  "and /boot/firmware/cmdline.txt no console=serial0,115200 (raspi-config: Interface "
                  "Options, Serial Port, No and No)");
  return out;
}

}  // namespace tabula::firmware
