#include "test_rules.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "variants/variant_loader.h"

namespace tabula::testing {

std::shared_ptr<const core::RuleSet> shipped(const std::string& id) {
  auto r = variants::load_id(id);
  if (!r.ok()) ADD_FAILURE() << r.error_text();
  return r.rules;
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

}  // namespace tabula::testing
