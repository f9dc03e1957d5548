#include "mutator.h"

#include <array>
#include <string_view>

namespace tabula::fuzz {
namespace {

// Pieces that have broken parsers: overflowing and negative numbers, empty
// fields, separators, a NUL, varints of huge lengths.
constexpr std::array<std::string_view, 18> kTokens = {
    "99999999999",  "-1",  "4294967296", "2147483648", "0", "-", "/", ",", ".", "..", "\"", "{", "}",
    "\n",           " ",   std::string_view("\0", 1), "\xff\xff\xff\xff\x0f", "9223372036854775808"};

}  // namespace

void Mutator::mutate_once(std::string& s, const std::vector<std::string>& others) {
  switch (pick(8)) {
    case 0:  // flip a bit
      if (!s.empty()) s[pick(s.size())] ^= static_cast<char>(1u << pick(8));
      break;
    case 1:  // a random byte
      if (!s.empty()) s[pick(s.size())] = static_cast<char>(pick(256));
      break;
    case 2: {  // cut a piece out
      if (s.empty()) break;
      std::size_t at = pick(s.size());
      s.erase(at, 1 + pick(std::min<std::size_t>(16, s.size() - at)));
      break;
    }
    case 3: {  // insert a token
      std::string_view t = kTokens[pick(kTokens.size())];
      s.insert(pick(s.size() + 1), t.data(), t.size());
      break;
    }
    case 4: {  // repeat a piece
      if (s.empty() || s.size() > 100'000) break;
      std::size_t at = pick(s.size());
      std::size_t len = 1 + pick(std::min<std::size_t>(32, s.size() - at));
      std::string piece = s.substr(at, len);
      for (std::size_t k = 1 + pick(8); k > 0; --k) s.insert(at, piece);
      break;
    }
    case 5: {  // splice a piece of another seed
      if (others.empty()) break;
      const std::string& o = others[pick(others.size())];
      if (o.empty()) break;
      std::size_t at = pick(o.size());
      s.insert(pick(s.size() + 1), o.substr(at, 1 + pick(std::min<std::size_t>(64, o.size() - at))));
      break;
    }
    case 6:  // truncate
      s.resize(pick(s.size() + 1));
      break;
    default: {  // replace a digit run by a token
      std::size_t at = s.find_first_of("0123456789", pick(s.size() + 1));
      if (at == std::string::npos) break;
      std::size_t end = s.find_first_not_of("0123456789", at);
      std::string_view t = kTokens[pick(4)];
      s.replace(at, (end == std::string::npos ? s.size() : end) - at, t);
      break;
    }
  }
}

std::string Mutator::mutate(const std::string& input, const std::vector<std::string>& others) {
  std::string s = input;
  for (std::size_t n = 1 + pick(4); n > 0; --n) mutate_once(s, others);
  return s;
}

}  // namespace tabula::fuzz
