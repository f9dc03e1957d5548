// spoken_text.cpp — the pronunciation pass (spoken_text.h).
#include "voice/spoken_text.h"

#include <cctype>
#include <optional>

#include "core/rule_set.h"

namespace tabula::voice {

PieceNames PieceNames::chess() {
  PieceNames n;
  n.set('K', "king");
  n.set('Q', "queen");
  n.set('R', "rook");
  n.set('B', "bishop");
  n.set('N', "knight");
  n.set('P', "pawn");
  return n;
}

PieceNames PieceNames::of(const core::RuleSet& rules) {
  PieceNames n = chess();
  // The first piece of a letter names it (chess.com's promoted 'D' moves as
  // 'Q': the queen keeps the name).
  std::array<bool, 26> taken{};
  for (const core::PieceDef& p : rules.pieces) {
    const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(p.text_letter())));
    if (letter < 'A' || letter > 'Z' || p.name.empty() || taken[static_cast<std::size_t>(letter - 'A')]) continue;
    taken[static_cast<std::size_t>(letter - 'A')] = true;
    n.set(letter, p.name);
  }
  return n;
}

const std::string& PieceNames::name(char upper) const {
  static const std::string kNone;
  if (upper < 'A' || upper > 'Z') return kNone;
  return names_[static_cast<std::size_t>(upper - 'A')];
}

void PieceNames::set(char upper, std::string name) {
  if (upper >= 'A' && upper <= 'Z') names_[static_cast<std::size_t>(upper - 'A')] = std::move(name);
}

namespace {

bool lower(char c) { return c >= 'a' && c <= 'z'; }
bool upper(char c) { return c >= 'A' && c <= 'Z'; }
bool digit(char c) { return c >= '0' && c <= '9'; }

// A square at `i`: a file letter and one or two digits (a1, k11, n14).
std::optional<std::string_view> square_at(std::string_view t, std::size_t& i) {
  if (i >= t.size() || !lower(t[i]) || i + 1 >= t.size() || !digit(t[i + 1])) return std::nullopt;
  std::size_t n = 2;
  if (i + 2 < t.size() && digit(t[i + 2])) n = 3;
  std::string_view sq = t.substr(i, n);
  i += n;
  return sq;
}

// The marks after a move: "+" check, "++" double check, "#" mate.
std::optional<std::string> marks(std::string_view rest) {
  if (rest.empty()) return std::string{};
  if (rest.find_first_not_of("+#") != std::string_view::npos) return std::nullopt;
  if (rest.find('#') != std::string_view::npos) return std::string(", mate");
  return std::string(rest.size() >= 2 ? ", double check" : ", check");
}

std::string piece_word(char letter, const PieceNames& names) {
  const std::string& n = names.name(letter);
  return n.empty() ? std::string(1, letter) : n;
}

// "=Q" after the destination: the promotion.
std::optional<std::string> promotion(std::string_view t, std::size_t& i, const PieceNames& names) {
  if (i < t.size() && t[i] == '=') {
    if (i + 1 >= t.size() || !upper(t[i + 1])) return std::nullopt;
    std::string s = ", promotes to " + piece_word(t[i + 1], names);
    i += 2;
    return s;
  }
  return std::string{};
}

// What ends every move token: the destination, a promotion, the marks.
struct Ending {
  std::string_view to;
  std::string promotion;  // ", promotes to queen" or ""
  std::string marks;      // ", check" or ""
};
std::optional<Ending> ending(std::string_view t, std::size_t i, const PieceNames& names) {
  const auto to = square_at(t, i);
  if (!to) return std::nullopt;
  auto promo = promotion(t, i, names);
  if (!promo) return std::nullopt;
  auto mark = marks(t.substr(i));
  if (!mark) return std::nullopt;
  return Ending{*to, std::move(*promo), std::move(*mark)};
}

// Long algebraic (PGN4 and the screen): [P]from(-|x)[P]to[=P][+#].
std::string long_algebraic(std::string_view t, const PieceNames& names) {
  std::size_t i = 0;
  std::string out;
  if (i < t.size() && upper(t[i])) out = piece_word(t[i++], names) + " ";
  const auto from = square_at(t, i);
  if (!from || i >= t.size() || (t[i] != '-' && t[i] != 'x')) return {};
  const bool takes = t[i++] == 'x';
  std::string victim;
  if (i < t.size() && upper(t[i])) victim = piece_word(t[i++], names) + " ";
  const auto end = ending(t, i, names);
  if (!end) return {};
  return out + std::string(*from) + (takes ? " takes " : " to ") + victim + std::string(end->to) + end->promotion +
         end->marks;
}

// SAN (two seats): [P][file][rank][x]to[=P][+#]. A bare square is not a
// move token (it is said as it is).
std::string san(std::string_view t, const PieceNames& names) {
  std::size_t i = 0;
  std::string out;
  bool piece = false;
  if (i < t.size() && upper(t[i])) {
    out = piece_word(t[i++], names);
    piece = true;
  }
  // Disambiguation: a file, a rank or a square, then the destination.
  std::string from;
  const std::size_t start = i;
  std::size_t j = i;
  while (j < t.size() && ((lower(t[j]) && t[j] != 'x') || digit(t[j]))) ++j;  // no file is 'x'
  // The destination is the last square of the run before 'x', '=' or marks.
  std::string_view run = t.substr(start, j - start);
  bool takes = false;
  if (j < t.size() && t[j] == 'x') {
    from = std::string(run);
    takes = true;
    i = j + 1;
  } else {
    // No capture: the destination is the run's tail (1 letter + 1-2 digits).
    std::size_t k = run.size();
    while (k > 0 && digit(run[k - 1])) --k;
    if (k == 0 || k == run.size()) return {};
    --k;  // the file letter
    from = std::string(run.substr(0, k));
    i = start + k;
  }
  const auto end = ending(t, i, names);
  if (!end) return {};
  if (!piece && !takes && from.empty() && end->promotion.empty() && end->marks.empty()) return {};  // "e4": a square
  if (!from.empty() && from.find_first_not_of("abcdefghijklmn0123456789") != std::string::npos) return {};
  std::string s = out;
  if (!from.empty()) s += (s.empty() ? "" : " ") + from;
  const std::string to(end->to);
  s += (s.empty() ? "" : takes ? " takes " : " ") + to;
  if (s == to && takes) s = "takes " + s;
  return s + end->promotion + end->marks;
}

}  // namespace

std::string spoken_move(std::string_view t, const PieceNames& names) {
  if (t.empty()) return {};
  // Castling: O-O short, O-O-O long (0-0 too).
  for (const auto& [text, words] : {std::pair<std::string_view, std::string_view>{"O-O-O", "castles long"},
                                    {"0-0-0", "castles long"},
                                    {"O-O", "castles short"},
                                    {"0-0", "castles short"}}) {
    if (t.substr(0, text.size()) == text) {
      const auto mark = marks(t.substr(text.size()));
      if (mark) return std::string(words) + *mark;
    }
  }
  if (t.find('-') != std::string_view::npos || (t.find('x') != std::string_view::npos && upper(t[0]) &&
                                                 t.size() > 2 && lower(t[1]) && digit(t[2]))) {
    std::string s = long_algebraic(t, names);
    if (!s.empty()) return s;
  }
  return san(t, names);
}

std::string spoken_text(std::string_view text, const PieceNames& names) {
  std::string out;
  out.reserve(text.size() + 16);
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ') {
      out += text[i++];
      continue;
    }
    std::size_t j = text.find(' ', i);
    if (j == std::string_view::npos) j = text.size();
    std::string_view word = text.substr(i, j - i);
    // Punctuation around a token stays around its words: "(Nb8-c6)," .
    std::size_t a = 0;
    while (a < word.size() && (word[a] == '(' || word[a] == '"' || word[a] == '\'')) ++a;
    std::size_t b = word.size();
    while (b > a && (word[b - 1] == ',' || word[b - 1] == ':' || word[b - 1] == ';' || word[b - 1] == ')' ||
                     word[b - 1] == '.' || word[b - 1] == '"' || word[b - 1] == '\'' || word[b - 1] == '!' ||
                     word[b - 1] == '?')) {
      --b;
    }
    const std::string words = spoken_move(word.substr(a, b - a), names);
    if (words.empty()) {
      out += word;
    } else {
      out += word.substr(0, a);
      out += words;
      out += word.substr(b);
    }
    i = j;
  }
  return out;
}

}  // namespace tabula::voice
