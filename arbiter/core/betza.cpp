#include "core/betza.h"

#include <cctype>
#include <cstdlib>

namespace tabula::core {
namespace {

enum class AtomShape { kOrthogonal, kDiagonal, kOblique };

struct Atom {
  int a;  // the larger coordinate
  int b;  // the smaller coordinate
};

bool base_atom(char c, Atom& out) {
  switch (c) {
    case 'W': out = {1, 0}; return true;
    case 'F': out = {1, 1}; return true;
    case 'D': out = {2, 0}; return true;
    case 'N': out = {2, 1}; return true;
    case 'A': out = {2, 2}; return true;
    case 'H': out = {3, 0}; return true;
    case 'C': out = {3, 1}; return true;
    case 'Z': out = {3, 2}; return true;
    case 'G': out = {3, 3}; return true;
    default: return false;
  }
}

AtomShape shape_of(Atom a) {
  if (a.b == 0) return AtomShape::kOrthogonal;
  if (a.a == a.b) return AtomShape::kDiagonal;
  return AtomShape::kOblique;
}

// All distinct symmetric images of an atom.
std::vector<Offset> images(Atom atom) {
  std::vector<Offset> out;
  const int sx[] = {1, -1};
  for (int swap = 0; swap < 2; ++swap) {
    for (int i : sx) {
      for (int j : sx) {
        Offset o = swap ? Offset{atom.b * i, atom.a * j} : Offset{atom.a * i, atom.b * j};
        bool seen = false;
        for (const Offset& p : out) seen = seen || p == o;
        if (!seen) out.push_back(o);
      }
    }
  }
  return out;
}

int sign(int v) { return (v > 0) - (v < 0); }

// One direction selector: a lone letter or a pair, already parsed.
struct Selector {
  char first;
  char second;  // 0 for a lone letter
};

bool matches_lone(char c, Offset o, AtomShape shape) {
  int ax = std::abs(o.x);
  int ay = std::abs(o.y);
  switch (c) {
    case 'f': return o.y > 0;
    case 'b': return o.y < 0;
    case 'l': return o.x < 0;
    case 'r': return o.x > 0;
    case 's':
      if (shape == AtomShape::kOrthogonal) return o.y == 0;
      if (shape == AtomShape::kOblique) return ax > ay;
      return true;
    case 'v':
      if (shape == AtomShape::kOrthogonal) return o.x == 0;
      if (shape == AtomShape::kOblique) return ay > ax;
      return true;
    default: return false;
  }
}

bool matches_pair(Selector s, Offset o) {
  int ax = std::abs(o.x);
  int ay = std::abs(o.y);
  auto lone = [&](char c) { return matches_lone(c, o, AtomShape::kDiagonal); };
  char p = s.first;
  char q = s.second;
  if (p == q) {  // ff, bb, ll, rr: the narrow ones in that direction
    if (p == 'f' || p == 'b') return lone(p) && ay > ax;
    return lone(p) && ax > ay;
  }
  if (q == 's') return lone(p) && ax > ay;  // fs, bs: the wide ones
  if (q == 'v') return lone(p) && ay > ax;  // lv, rv
  return lone(p) && lone(q);                // fl, fr, bl, br, lf, ...
}

bool is_dir(char c) { return c == 'f' || c == 'b' || c == 'l' || c == 'r' || c == 's' || c == 'v'; }

// Splits direction letters into selectors for the given atom shape.
std::vector<Selector> split_selectors(const std::string& dirs, AtomShape shape) {
  std::vector<Selector> out;
  for (std::size_t i = 0; i < dirs.size(); ++i) {
    char c = dirs[i];
    char n = i + 1 < dirs.size() ? dirs[i + 1] : 0;
    bool fb = c == 'f' || c == 'b';
    bool lr = c == 'l' || c == 'r';
    bool pair = false;
    if (shape == AtomShape::kDiagonal) {
      pair = (fb && (n == 'l' || n == 'r')) || (lr && (n == 'f' || n == 'b'));
    } else if (shape == AtomShape::kOblique) {
      pair = (fb && (n == c || n == 's' || n == 'l' || n == 'r')) ||
             (lr && (n == c || n == 'v' || n == 'f' || n == 'b'));
    }
    if (pair) {
      out.push_back({c, n});
      ++i;
    } else {
      out.push_back({c, 0});
    }
  }
  return out;
}

Error error_at(std::size_t index, const std::string& what) {
  return make_error(what, 1, static_cast<int>(index) + 1);
}

}  // namespace

Result<std::vector<Pattern>> parse_betza(std::string_view text) {
  std::vector<Pattern> out;
  std::size_t i = 0;
  if (text.empty()) return make_error("empty movement string");
  while (i < text.size()) {
    bool move_only = false;
    bool capture_only = false;
    bool lame = false;
    std::string dirs;
    std::size_t start = i;
    while (i < text.size() && std::islower(static_cast<unsigned char>(text[i]))) {
      char c = text[i];
      if (c == 'm') {
        move_only = true;
      } else if (c == 'c') {
        capture_only = true;
      } else if (c == 'n') {
        lame = true;
      } else if (is_dir(c)) {
        dirs += c;
      } else {
        return error_at(i, std::string("unknown modifier '") + c +
                               "': expected one of m c n f b l r s v");
      }
      ++i;
    }
    if (move_only && capture_only) return error_at(start, "both m and c: the piece could never move");
    if (i >= text.size()) return error_at(i, "modifiers at the end of the string: expected an atom");
    char atom_char = text[i];
    std::vector<std::pair<Atom, int>> parts;  // atom, range
    Atom atom{};
    if (atom_char == 'K') {
      parts = {{{1, 0}, 1}, {{1, 1}, 1}};
    } else if (atom_char == 'R') {
      parts = {{{1, 0}, 0}};
    } else if (atom_char == 'B') {
      parts = {{{1, 1}, 0}};
    } else if (atom_char == 'Q') {
      parts = {{{1, 0}, 0}, {{1, 1}, 0}};
    } else if (base_atom(atom_char, atom)) {
      parts = {{atom, 1}};
    } else {
      return error_at(i, std::string("unknown atom '") + atom_char +
                             "': expected W F D N A H C Z G K R B Q");
    }
    ++i;
    if (i < text.size() && text[i] == atom_char && base_atom(atom_char, atom)) {
      parts[0].second = 0;  // doubled atom: unlimited rider
      ++i;
    }
    if (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
      int n = 0;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
        n = n * 10 + (text[i] - '0');
        if (n > 16) return error_at(i, "range above 16");
        ++i;
      }
      for (auto& p : parts) p.second = n;
    }
    for (const auto& [a, range] : parts) {
      AtomShape shape = shape_of(a);
      std::vector<Selector> sel = split_selectors(dirs, shape);
      if (lame && range != 1) return error_at(start, "n (lame) applies to leapers only, not riders");
      for (const Offset& o : images(a)) {
        bool keep = sel.empty();
        for (const Selector& s : sel) {
          keep = keep || (s.second ? matches_pair(s, o) : matches_lone(s.first, o, shape));
        }
        if (!keep) continue;
        Pattern p;
        p.range = range;
        p.can_move = !capture_only;
        p.can_capture = !move_only;
        if (lame && (a.a > 1)) {
          // The path's intermediate squares: straight first, then the diagonal
          // remainder (D, H: straight steps; A, G: diagonal steps; N: one
          // straight step then one diagonal step, as the xiangqi horse).
          if (shape == AtomShape::kOblique && !(a.a == 2 && a.b == 1)) {
            return error_at(start, "n (lame) is defined for W F D N A H G only");
          }
          Offset step{sign(o.x), sign(o.y)};
          if (shape == AtomShape::kOblique) {
            // one straight step along the longer axis, then a diagonal step
            Offset straight = std::abs(o.x) > std::abs(o.y) ? Offset{sign(o.x), 0} : Offset{0, sign(o.y)};
            p.legs = {straight, {o.x - straight.x, o.y - straight.y}};
          } else {
            int n = std::max(std::abs(o.x), std::abs(o.y));
            for (int k = 0; k < n; ++k) p.legs.push_back(step);
          }
        } else {
          p.legs = {o};
        }
        out.push_back(std::move(p));
      }
    }
  }
  return out;
}

}  // namespace tabula::core
