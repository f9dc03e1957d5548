// differential_test.cpp — Tabula's game layer against the independent rule
// oracles of tests/oracle (issue 15): seeded random games of every four-seat
// seed variant; at every ply the two legal move sets are compared, after
// every move the seat to move, each seat's status, points or tokens, the 003
// relations and the game's end. The only file that links both.
//
// A mismatch prints the seed, the ply, the moves so far, both sets'
// differences and both summaries. A disagreement that issue 15 lists, being
// fixed in the core, is skipped by a narrow, named rule (kKnown below) and
// counted; remove the rule when its fix lands.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "board.h"
#include "core/fen4.h"
#include "core/game.h"
#include "variants/variant_loader.h"

namespace tabula {
namespace {

using oracle::Oracle;
using oracle::Summary;

// Seeded games per variant and their length bound: a few seconds each.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kGames = 6;
#else
constexpr int kGames = 20;
#endif
constexpr int kMaxPlies = 200;

// ---- Tabula's side, in the oracle's words ----------------------------------------
std::string square_text(const Oracle& o, core::Square s) {
  return o.square_name(core::file_of(s), core::rank_of(s));
}

std::string move_text(const core::Game& g, const Oracle& o, const core::Move& m) {
  if (m.kind == core::MoveKind::kPass) return "pass";
  if (m.kind == core::MoveKind::kPlacement)
    return std::string(1, g.rules().piece(m.promotion).letter) + "@" + square_text(o, m.to);
  std::string t = square_text(o, m.from) + "-" + square_text(o, m.to);
  if (m.promotion != core::kNoKind) t += std::string("=") + g.rules().piece(m.promotion).letter;
  return t;
}

// Tabula's reason for refusing a move written "e2-e4" (why_illegal).
std::string tabula_refusal(const core::Game& g, const std::string& text) {
  auto dash = text.find('-');
  if (dash == std::string::npos) return "(a placement or pass)";
  auto eq = text.find('=');
  core::Square from = g.rules().geometry.parse(text.substr(0, dash));
  core::Square to = g.rules().geometry.parse(
      text.substr(dash + 1, eq == std::string::npos ? std::string::npos : eq - dash - 1));
  std::string why = g.why_illegal(from, to);
  return why.empty() ? "(some move from-to is legal)" : why;
}

oracle::Status status_of(core::SeatStatus s) {
  switch (s) {
    case core::SeatStatus::kLive:
      return oracle::Status::kLive;
    case core::SeatStatus::kCheckmated:
      return oracle::Status::kMated;
    case core::SeatStatus::kStalemated:
      return oracle::Status::kStalemated;
    case core::SeatStatus::kRemoved:
      return oracle::Status::kRemoved;
    case core::SeatStatus::kResigned:
    case core::SeatStatus::kFlagged:
      return oracle::Status::kResigned;
  }
  return oracle::Status::kLive;
}

Summary summary_of(const core::Game& g) {
  Summary out;
  const bool over = g.outcome().over;
  out.to_move = over ? "" : g.seat_name(g.to_move());
  const bool relations = g.rules().relations.kind == core::RelationsKind::kAlliesVassals;
  for (int i = 0; i < g.rules().seat_count(); ++i) {
    core::Seat s = core::seat_at(i);
    oracle::SeatSummary ss{g.seat_name(s), status_of(g.status(s)), g.points(s), "", ""};
    if (relations) {
      core::Seat sz = g.vassalage().suzerain_of(s), al = g.vassalage().ally_of(s);
      if (sz != core::kNoSeat) ss.suzerain = g.seat_name(sz);
      if (al != core::kNoSeat) ss.ally = g.seat_name(al);
    }
    out.seats.push_back(ss);
  }
  out.over = over;
  if (over && !g.outcome().draw && !g.outcome().ranking.empty())
    out.winners = {g.seat_name(g.outcome().ranking.front())};
  return out;
}

std::string summary_text(const Summary& s) {
  std::ostringstream o;
  o << "to move " << (s.to_move.empty() ? "-" : s.to_move) << (s.over ? ", over" : "");
  if (!s.winners.empty()) {
    o << ", winner";
    for (const auto& w : s.winners) o << " " << w;
  }
  for (const auto& n : s.notes) o << " [" << n << "]";
  for (const auto& seat : s.seats) {
    o << "; " << seat.name << " " << oracle::status_name(seat.status) << " " << seat.points;
    if (!seat.suzerain.empty()) o << " vassal of " << seat.suzerain;
    if (!seat.ally.empty()) o << " ally " << seat.ally;
  }
  return o.str();
}

// What differs between the summaries ("" when they agree). The oracle's
// winner set names who may head Tabula's ranking.
std::string summary_difference(const Summary& t, const Summary& o) {
  std::ostringstream d;
  if (t.to_move != o.to_move)
    d << "to move: tabula " << t.to_move << ", oracle " << o.to_move << "\n";
  if (t.over != o.over) d << "over: tabula " << t.over << ", oracle " << o.over << "\n";
  if (t.over && o.over) {
    std::string tw = t.winners.empty() ? "" : *t.winners.begin();
    if ((tw.empty() != o.winners.empty()) || (!tw.empty() && !o.winners.count(tw)))
      d << "winner: tabula " << (tw.empty() ? "none" : tw) << ", oracle differs\n";
  }
  for (std::size_t i = 0; i < t.seats.size() && i < o.seats.size(); ++i) {
    const auto& a = t.seats[i];
    const oracle::SeatSummary* b = nullptr;
    for (const auto& x : o.seats)
      if (x.name == a.name) b = &x;
    if (!b) {
      d << "seat " << a.name << " unknown to the oracle\n";
      continue;
    }
    if (a.status != b->status)
      d << a.name << " status: tabula " << status_name(a.status) << ", oracle "
        << status_name(b->status) << "\n";
    if (a.points != b->points)
      d << a.name << " points: tabula " << a.points << ", oracle " << b->points << "\n";
    if (a.suzerain != b->suzerain)
      d << a.name << " suzerain: tabula " << a.suzerain << ", oracle " << b->suzerain << "\n";
    if (a.ally != b->ally)
      d << a.name << " ally: tabula " << a.ally << ", oracle " << b->ally << "\n";
  }
  return d.str();
}

// ---- Known disagreements (issue 15, being fixed in the core) ----------------------
// Each rule names its item and looks only at what that item describes.
struct Context {
  const std::string& variant;
  const core::Game& game;
  const std::vector<std::string>& history;
};

struct Known {
  int item;
  const char* what;
};

// A legal-move-set difference Tabula is known to have; `only_tabula` and
// `only_oracle` are the difference. (Items 1, 3, 6, 7, 8, 11, 14 and 16,
// skipped here before, are fixed: the soak compares them again.)
const Known* known_move_difference(const Context& /*ctx*/, const Oracle& /*o*/,
                                   const std::set<std::string>& /*only_tabula*/,
                                   const std::set<std::string>& /*only_oracle*/) {
  return nullptr;
}

// A summary difference Tabula is known to have after the last move. (Items
// 2 and 3, skipped here before, are fixed.)
const Known* known_summary_difference(const Context& /*ctx*/, const Summary& /*tabula*/,
                                      const Summary& /*oracle*/) {
  return nullptr;
}

// ---- The soak -------------------------------------------------------------------------
struct Figures {
  int games = 0, plies = 0, positions = 0, ended = 0, eliminations = 0, vassals = 0;
  int castles = 0, en_passant = 0, promotions = 0, placements = 0;  // moves played, for coverage
  std::map<std::string, int> mismatches;                            // class -> count
};

std::string history_text(const std::vector<std::string>& h) {
  std::string out;
  for (std::size_t i = 0; i < h.size(); ++i) out += (i ? " " : "") + h[i];
  return out;
}

std::string set_text(const std::set<std::string>& s) {
  std::string out;
  for (const auto& m : s) out += " " + m;
  return out.empty() ? " (none)" : out;
}

Figures soak(const std::string& variant) {
  Figures fig;
  auto loaded = variants::load_id(variant);
  EXPECT_TRUE(loaded.ok()) << loaded.error_text();
  if (!loaded.ok()) return fig;
  auto start = core::parse_fen4(*loaded.rules, loaded.rules->start_fen);
  EXPECT_TRUE(start.ok());
  if (!start.ok()) return fig;

  // TABULA_ORACLE_GAMES / TABULA_ORACLE_FIRST_SEED / TABULA_ORACLE_PLIES widen the soak by hand.
  const int max_plies = std::getenv("TABULA_ORACLE_PLIES")
                            ? std::atoi(std::getenv("TABULA_ORACLE_PLIES"))
                            : kMaxPlies;
  const int games =
      std::getenv("TABULA_ORACLE_GAMES") ? std::atoi(std::getenv("TABULA_ORACLE_GAMES")) : kGames;
  const int first = std::getenv("TABULA_ORACLE_FIRST_SEED")
                        ? std::atoi(std::getenv("TABULA_ORACLE_FIRST_SEED"))
                        : 1;
  for (int seed = first; seed < first + games; ++seed) {
    core::Game game(loaded.rules, *start);
    auto orc = oracle::make_oracle(variant);
    EXPECT_TRUE(orc) << variant;
    if (!orc) return fig;
    std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
    std::vector<std::string> history;
    ++fig.games;
    auto report = [&](const std::string& cls, const std::string& detail, const Known* known) {
      ++fig.mismatches[known ? cls + " (issue 15 item " + std::to_string(known->item) + ")" : cls];
      std::string text = variant + " seed " + std::to_string(seed) + " ply " +
                         std::to_string(history.size()) + ": " + cls +
                         "\nmoves: " + history_text(history) + "\n" + detail +
                         "tabula: " + summary_text(summary_of(game)) +
                         "\noracle: " + summary_text(orc->summary()) + "\n" + orc->describe();
      if (known) {
        if (std::getenv("TABULA_ORACLE_VERBOSE"))
          std::printf("known (item %d, %s): %s\n", known->item, known->what, text.c_str());
      } else {
        ADD_FAILURE() << text;
      }
    };
    // The start's own rulings: both must agree before the first move.
    if (std::string d = summary_difference(summary_of(game), orc->summary()); !d.empty()) {
      report("start", d, nullptr);
      continue;
    }
    for (int ply = 0;; ++ply) {
      if (ply == max_plies || game.outcome().over) {
        fig.ended += game.outcome().over;
        for (int i = 0; i < loaded.rules->seat_count(); ++i) {
          core::Seat s = core::seat_at(i);
          fig.eliminations += game.status(s) != core::SeatStatus::kLive;
          fig.vassals += game.vassalage().suzerain_of(s) != core::kNoSeat;
        }
        break;
      }
      // In every third game one live seat resigns once, where the sheet's
      // oracle models it (002 rule 7: his pieces become a random mover).
      if (seed % 3 == 0 && ply == 20 + seed % 40) {
        std::vector<core::Seat> live;
        for (int i = 0; i < loaded.rules->seat_count(); ++i)
          if (game.status(core::seat_at(i)) == core::SeatStatus::kLive)
            live.push_back(core::seat_at(i));
        core::Seat who = live[rng() % live.size()];
        if (orc->resign(game.seat_name(who))) {
          game.resign(who);
          history.push_back("(" + game.seat_name(who) + " resigns)");
          Summary ts = summary_of(game), os = orc->summary();
          if (std::string d = summary_difference(ts, os); !d.empty()) {
            Context ctx{variant, game, history};
            report("state after a resignation", d, known_summary_difference(ctx, ts, os));
            break;
          }
          if (game.outcome().over) continue;
        }
      }
      std::map<std::string, core::Move> tabula_moves;
      for (const core::Move& m : game.legal_moves()) tabula_moves[move_text(game, *orc, m)] = m;
      std::set<std::string> tabula_set, oracle_set = orc->legal_moves();
      for (const auto& [t, m] : tabula_moves) tabula_set.insert(t);
      ++fig.positions;
      std::vector<std::string> common;
      std::set<std::string> only_t, only_o;
      for (const auto& t : tabula_set)
        (oracle_set.count(t) ? common.push_back(t) : (void)only_t.insert(t));
      for (const auto& t : oracle_set)
        if (!tabula_set.count(t)) only_o.insert(t);
      if (!only_t.empty() || !only_o.empty()) {
        Context ctx{variant, game, history};
        const Known* k = known_move_difference(ctx, *orc, only_t, only_o);
        std::string why;
        for (const auto& m : only_t) why += "  oracle refuses " + m + ": " + orc->refusal(m) + "\n";
        for (const auto& m : only_o)
          why += "  tabula refuses " + m + ": " + tabula_refusal(game, m) + "\n";
        report("legal moves",
               "only tabula:" + set_text(only_t) + "\nonly oracle:" + set_text(only_o) + "\n" + why,
               k);
        if (!k || common.empty())
          break;  // the games part; a known difference plays on from the common moves
      }
      // Uniformly among Tabula's moves (among the common ones after a known
      // difference). In odd-seeded games a capture is taken whenever one
      // exists, half the time: uniform games of 200 plies rarely reach a
      // mate, and the elimination rules need games that do.
      std::vector<std::string> pool = common, captures;
      for (const auto& t : pool)
        if (!game.position().at(tabula_moves[t].to).empty()) captures.push_back(t);
      if (seed % 2 == 1 && !captures.empty() && rng() % 2 == 0) pool = captures;
      std::string chosen = pool[rng() % pool.size()];
      history.push_back(chosen);
      const core::Move& played = tabula_moves[chosen];
      fig.castles += played.kind == core::MoveKind::kCastle;
      fig.en_passant += played.kind == core::MoveKind::kEnPassant;
      fig.placements += played.kind == core::MoveKind::kPlacement;
      fig.promotions +=
          played.kind != core::MoveKind::kPlacement && played.promotion != core::kNoKind;
      game.play(played);
      if (!orc->play(chosen)) {
        report("oracle refused", chosen + "\n", nullptr);
        break;
      }
      ++fig.plies;
      Summary ts = summary_of(game), os = orc->summary();
      if (std::string d = summary_difference(ts, os); !d.empty()) {
        Context ctx{variant, game, history};
        report("state", d, known_summary_difference(ctx, ts, os));
        break;
      }
    }
  }
  std::string line =
      variant + ": " + std::to_string(fig.games) + " games, " + std::to_string(fig.plies) +
      " plies, " + std::to_string(fig.positions) + " positions compared, " +
      std::to_string(fig.ended) + " games ended, " + std::to_string(fig.eliminations) +
      " seats out at the end" +
      (fig.vassals ? ", " + std::to_string(fig.vassals) + " vassals at the end" : "");
  line += "; played " + std::to_string(fig.castles) + " castles, " +
          std::to_string(fig.en_passant) + " en passant, " + std::to_string(fig.promotions) +
          " promotions, " + std::to_string(fig.placements) + " placements";
  for (const auto& [cls, n] : fig.mismatches) line += "; " + cls + ": " + std::to_string(n);
  std::printf("%s\n", line.c_str());
  return fig;
}

// ---- Hand-made positions for rules random games seldom reach ---------------------
struct Difference {
  std::string text;  // "" when both agree throughout
  const Known* known = nullptr;
};

// Plays `steps` ("h1-h8", "resign Red") from a FEN4 in Tabula and in the
// oracle; before each move both legal move sets, after each step both
// summaries must agree. Returns the first difference.
Difference scenario(const std::string& variant, const std::string& fen4,
                    const std::vector<std::string>& steps) {
  auto loaded = variants::load_id(variant);
  if (!loaded.ok()) return {loaded.error_text()};
  // An empty FEN4: the variant's start (every oracle plays from it).
  core::SeatPoints points{};
  auto pos = core::parse_fen4(*loaded.rules, fen4.empty() ? loaded.rules->start_fen : fen4, &points);
  if (!pos.ok()) return {"tabula refuses the FEN4: " + pos.error().message};
  core::Game game(loaded.rules, *pos, points);
  auto orc = oracle::make_oracle(variant);
  if (!orc || (!fen4.empty() && !orc->load(fen4))) return {"the oracle refuses the FEN4"};
  std::vector<std::string> history;
  auto state = [&]() -> Difference {
    Summary ts = summary_of(game), os = orc->summary();
    std::string d = summary_difference(ts, os);
    if (d.empty()) return {};
    Context ctx{variant, game, history};
    return {"after " + history_text(history) + ": " + d + "tabula: " + summary_text(ts) +
                "\noracle: " + summary_text(os) + "\n",
            known_summary_difference(ctx, ts, os)};
  };
  if (Difference d = state(); !d.text.empty()) return d;
  for (const std::string& step : steps) {
    if (step.rfind("resign ", 0) == 0) {
      std::string name = step.substr(7);
      for (int i = 0; i < loaded.rules->seat_count(); ++i)
        if (game.seat_name(core::seat_at(i)) == name) game.resign(core::seat_at(i));
      if (!orc->resign(name)) return {"the oracle cannot resign " + name};
    } else {
      std::map<std::string, core::Move> tabula_moves;
      for (const core::Move& m : game.legal_moves()) tabula_moves[move_text(game, *orc, m)] = m;
      std::set<std::string> ts, os = orc->legal_moves(), only_t, only_o;
      for (const auto& [t, m] : tabula_moves) ts.insert(t);
      for (const auto& t : ts)
        if (!os.count(t)) only_t.insert(t);
      for (const auto& t : os)
        if (!ts.count(t)) only_o.insert(t);
      if (!only_t.empty() || !only_o.empty()) {
        Context ctx{variant, game, history};
        return {"before " + step + ": only tabula:" + set_text(only_t) +
                    "; only oracle:" + set_text(only_o),
                known_move_difference(ctx, *orc, only_t, only_o)};
      }
      if (!ts.count(step)) return {step + " is legal in neither"};
      game.play(tabula_moves[step]);
      orc->play(step);
    }
    history.push_back(step);
    if (Difference d = state(); !d.text.empty()) return d;
  }
  return {};
}

// A scenario agrees, or differs only by a listed disagreement (printed).
void expect_agreement(const Difference& d) {
  if (d.known) {
    std::printf("known disagreement, issue 15 item %d (%s): %s\n", d.known->item, d.known->what,
                d.text.c_str());
    return;
  }
  EXPECT_EQ(d.text, "");
}

// 002 rule 4, issue 15 item 6 (fixed): Red, resigned (a random mover), mates Blue
// and Green with one rook move; Yellow is out. Both mates count before the
// game's end; nobody scores (Red's points are frozen, rule 10), Green wins
// on points (30).
TEST(Differential, FourKingdomsOneMoveMatesTwoPlayers) {
  expect_agreement(
      scenario("four-kingdoms",
               "R-0,0,1,0-0,0,0,0-0,0,0,0-10,20,0,30-0-6,dyK,7/14/14/14/14/gR,gP,10,bP,bR/gK,12,bK/"
               "gR,gP,10,bP,bR/14/14/14/14/14/3,rK,3,rR,6",
               {"resign Red", "h1-h8"}));
}

// RULINGS 002 and issue 15 item 7 (fixed): Red's bishop on h3, pinned by Yellow's
// rook on h10, takes Yellow's king: Yellow's pieces die with it, so nothing
// attacks Red's king any more and the capture is legal.
TEST(Differential, FourKingdomsAPinnedPieceTakesThePinnersKing) {
  expect_agreement(
      scenario("four-kingdoms",
               "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-14/14/14/14/7,yR,6/14/14/14/4,yK,9/gK,12,bK/14/"
               "7,rB,6/14/7,rK,6",
               {"h3-e6"}));
}

// 001 rule 11 and issue 15 item 16 (fixed): Black's double step d11-d9 beside
// White's pawn on e9 may be taken en passant on White's next turn, after
// Yellow and Dark Brown have moved.
TEST(Differential, ChessFourEnPassantByTheFacingSeatOnItsNextTurn) {
  expect_agreement(scenario(
      "chess-four",
      "B-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-6,bK,5/3,bP,8/12/4,wP,7/12/11,yK/nK,11/12/12/12/"
      "12/5,wK,6",
      {"d11-d9", "l7-k7", "a6-b6", "e9-d10"}));
}

// Sheet 000 long game (the mini game follows it), found by the wide
// differential at corners-mini seed 1108 ply 94: Pink's d3-c3=Q mates White
// (his target); White's pieces come off, and Grey -- now the king on Pink's
// immediate left -- is in check from the new queen with no square (Black's
// queen on c6 covers the rest) and no capture: Grey is checkmated too
// ("Checkmate of the King on the immediate left is needed to win"; "That
// colour is then removed from the board"). The oracle had him pass.
TEST(Differential, CornersMiniARemovalThatLeavesTheNextTargetMatedMatesHimToo) {
  const std::vector<std::string> moves = {
      "d2-d4", "b4-c4", "c1-d2", "b6-d6", "e7-d6", "g3-f3", "d4-d5", "b3-c2", "f7-f5", "h4-f2", "e1-f2",
      "b5-c5", "e8-e5", "g4-f4", "d1-e1", "a5-c7", "d8-c7", "h3-f5", "d2-c1", "c4-d5", "e5-d5", "g6-e6",
      "e1-b4", "a3-b4", "d5-c4", "f5-g4", "c1-e3", "a4-a3", "c4-e4", "g4-h3", "e3-f4", "c5-d5", "d7-e6",
      "h5-h4", "f4-g3", "h4-h5", "g3-f4", "a3-a1", "e4-c4", "h5-g4", "f4-d6", "f8-d6", "g4-h5", "f2-f3",
      "d5-e5", "c4-e4", "f3-g3", "b4-c3", "c7-a7", "e2-e3", "c3-b4", "c8-f8", "g5-f5", "f1-d3", "a6-a5",
      "f8-f7", "h5-g5", "d3-c2", "b4-e4", "f7-c7", "h3-g4", "g3-f2", "a5-b5", "c7-c4", "g4-f3", "c2-d1",
      "b5-a6", "c4-c7", "f5-e4", "f2-f3", "a6-a4", "d6-d3", "e4-d3", "d1-e2", "a4-h4", "g5-h4", "f3-e4",
      "a1-a3", "c7-c6", "e4-e5", "a3-b4", "a7-c7", "h4-g5", "e2-d1", "b4-a3", "c6-b6", "g5-h4", "d1-c2",
      "b6-c6", "h4-g4", "c2-b3", "a3-b4", "c7-d8", "d3-c3=Q"};
  EXPECT_EQ(scenario("corners-mini", "", moves).text, "");
}

TEST(Differential, FourKingdomsAgreesWithTheSheet002Oracle) {
  soak("four-kingdoms");
}
TEST(Differential, ChessFourAgreesWithTheSheet001Oracle) {
  soak("chess-four");
}
TEST(Differential, AlliesVassalsAgreesWithTheSheet003Oracle) {
  soak("allies-vassals");
}
TEST(Differential, CornersShortAgreesWithTheSheet000Oracle) {
  soak("corners-short");
}
TEST(Differential, CornersMiniAgreesWithTheSheet000Oracle) {
  soak("corners-mini");
}
TEST(Differential, CornersLongAgreesWithTheSheet000Oracle) {
  soak("corners-long");
}

}  // namespace
}  // namespace tabula
