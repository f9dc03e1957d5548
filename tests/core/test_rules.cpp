#include "test_rules.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/fen.h"
#include "core/fen4.h"
#include "variants/variant_loader.h"

namespace tabula::testing {

std::shared_ptr<const core::RuleSet> shipped(const std::string& id) {
  auto r = variants::load_id(id);
  if (!r.ok()) ADD_FAILURE() << r.error_text();
  return r.rules;
}

core::Result<core::Position> start_of(const core::RuleSet& rules) {
  return rules.four_player_notation ? core::parse_fen4(rules, rules.start_fen)
                                    : core::parse_fen(rules, rules.start_fen);
}

std::shared_ptr<core::RuleSet> piece_lab(int files, int ranks, const std::vector<std::string>& betzas,
                                         const std::vector<std::string>& holes) {
  auto rs = std::make_shared<core::RuleSet>();
  rs->id = "lab";
  rs->geometry = core::Geometry::rectangle(files, ranks).value();
  for (const std::string& h : holes) rs->geometry.remove(rs->geometry.parse(h));
  char letter = 'A';
  for (const std::string& b : betzas) {
    core::PieceDef d;
    d.name = std::string("piece-") + letter;
    d.letter = letter++;
    if (d.letter == 'K') d.letter = letter++;
    d.betza = b;
    auto p = core::parse_betza(b);
    EXPECT_TRUE(p.ok()) << b << ": " << (p.ok() ? "" : p.error().message);
    if (p.ok()) d.patterns = p.value();
    rs->pieces.push_back(d);
  }
  core::PieceDef king;
  king.name = "king";
  king.letter = 'K';
  king.royal = true;
  king.patterns = core::parse_betza("K").value();
  rs->pieces.push_back(king);
  core::SeatDef south;
  south.name = "South";
  south.letter = 's';
  south.facing = core::Facing::kNorth;
  core::SeatDef north = south;
  north.name = "North";
  north.letter = 'n';
  north.facing = core::Facing::kSouth;
  rs->seats = {south, north};
  rs->turn_order = {core::seat_at(0), core::seat_at(1)};
  auto e = rs->compile();
  EXPECT_FALSE(e.has_value()) << (e ? e->message : "");
  return rs;
}

core::Seat seat_of(const core::RuleSet& rules, char letter) {
  for (int s = 0; s < rules.seat_count(); ++s) {
    if (std::tolower(static_cast<unsigned char>(rules.seats[s].letter)) == std::tolower(static_cast<unsigned char>(letter))) {
      return core::seat_at(s);
    }
  }
  ADD_FAILURE() << "no seat letter " << letter;
  return core::seat_at(0);
}

core::Position setup(const core::RuleSet& rules, char to_move, const std::vector<std::string>& pieces,
                     const std::string& out) {
  core::Position pos(rules);
  pos.clear();
  for (const std::string& p : pieces) {
    auto colon = p.find(':');
    core::Square q = rules.geometry.parse(p.substr(0, colon));
    EXPECT_NE(q, core::kNoSquare) << p;
    core::PieceKind k = rules.kind_by_letter(p[colon + 2]);
    EXPECT_NE(k, core::kNoKind) << p;
    pos.put(q, core::Piece{k, seat_of(rules, p[colon + 1]), false});
  }
  for (char c : out) pos.set_status(seat_of(rules, c), core::SeatStatus::kCheckmated);
  pos.set_to_move(seat_of(rules, to_move));
  pos.finish_setup();
  return pos;
}

bool has_move(const core::Position& pos, const std::string& from, const std::string& to) {
  const core::Geometry& g = pos.rules().geometry;
  core::MoveList moves;
  pos.generate_legal(moves);
  for (const core::Move& m : moves) {
    if (m.from == g.parse(from) && m.to == g.parse(to)) return true;
  }
  return false;
}

core::Move move(const core::Position& pos, const std::string& from, const std::string& to, char promotion) {
  const core::Geometry& g = pos.rules().geometry;
  core::MoveList moves;
  pos.generate_legal(moves);
  for (const core::Move& m : moves) {
    if (m.from != g.parse(from) || m.to != g.parse(to)) continue;
    if (promotion && (m.promotion == core::kNoKind || pos.rules().piece(m.promotion).letter != promotion)) continue;
    return m;
  }
  ADD_FAILURE() << "no legal move " << from << "-" << to;
  return core::Move{};
}

std::vector<std::string> destinations(const core::Position& pos, const std::string& from) {
  const core::Geometry& g = pos.rules().geometry;
  core::Square f = g.parse(from);
  core::MoveList moves;
  pos.generate_pseudo(moves);
  std::vector<std::string> out;
  for (const core::Move& m : moves) {
    if (m.from == f) out.push_back(g.name(m.to));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void soak_variants(int games, int plies, std::uint64_t salt, std::uint64_t resign_every,
                   const std::function<void(const core::Game&, const std::string&)>& visit) {
  for (const std::string& id : variants::list_ids()) {
    auto any = variants::load_id(id);
    ASSERT_TRUE(any.ok()) << any.error_text();
    std::vector<std::string> starts = any.rules->start_names;
    if (starts.empty()) starts.push_back("");
    for (const std::string& start : starts) {
      auto loaded = variants::load_id(id, start);
      ASSERT_TRUE(loaded.ok()) << loaded.error_text();
      const core::RuleSet& rules = *loaded.rules;
      auto pos = rules.four_player_notation ? core::parse_fen4(rules, rules.start_fen)
                                            : core::parse_fen(rules, rules.start_fen);
      ASSERT_TRUE(pos.ok()) << id;
      for (int g = 0; g < games; ++g) {
        core::Game game(loaded.rules, *pos);
        for (int ply = 0; ply < plies; ++ply) {
          visit(game, id + " " + start + " game " + std::to_string(g) + " ply " + std::to_string(ply));
          if (::testing::Test::HasFatalFailure()) return;
          std::uint64_t seed = static_cast<std::uint64_t>(g) * 7919U + static_cast<std::uint64_t>(ply) + salt;
          if (rules.seat_count() > 2 && seed % resign_every == resign_every - 1) {
            game.resign(game.to_move());
            continue;
          }
          auto m = game.random_move(seed);
          if (!m) break;
          game.play(*m);
        }
      }
    }
  }
}

}  // namespace tabula::testing
