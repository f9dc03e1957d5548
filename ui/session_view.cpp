#include "ui/session_view.h"
#include "ui/bot_view.h"
#include "session/hint_words.h"
#include "session/player_words.h"
#include "session/winners.h"

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace tabula::ui {
namespace {

Rgb colour_of(const core::SeatDef& def, int seat, int seats) {
  // The variant's own colour for the seat (seat.colour: Chess Four's, told
  // apart by a colour-blind player too, s17-club), else the sheets' own seat
  // colours by name; four-player defaults by position.
  if (def.colour) {
    const std::uint32_t c = *def.colour;
    return {static_cast<std::uint8_t>(c >> 16 & 0xFF), static_cast<std::uint8_t>(c >> 8 & 0xFF),
            static_cast<std::uint8_t>(c & 0xFF)};
  }
  const std::string& name = def.name;
  if (name == "Red") return {191, 59, 67};
  if (name == "Blue") return {65, 133, 191};
  if (name == "Yellow") return {192, 149, 38};
  if (name == "Green") return {78, 145, 97};
  if (name == "White") return {236, 232, 222};
  if (name == "Black") return {52, 52, 58};
  if (name == "Dark Brown") return {110, 72, 44};
  if (name == "Grey") return {150, 150, 156};
  if (name == "Pink") return {222, 140, 176};
  static const Rgb kFallback[] = {{191, 59, 67}, {65, 133, 191}, {192, 149, 38}, {78, 145, 97}};
  return seats == 2 ? (seat == 0 ? Rgb{236, 232, 222} : Rgb{52, 52, 58}) : kFallback[seat % 4];
}

Edge edge_of(core::Facing f) {
  switch (f) {
    case core::Facing::kNorth: return Edge::kSouth;
    case core::Facing::kEast: return Edge::kWest;
    case core::Facing::kSouth: return Edge::kNorth;
    case core::Facing::kWest: return Edge::kEast;
  }
  return Edge::kSouth;
}

PieceGlyph glyph_of(const core::PieceDef& d) {
  // By name first (Bipartite's pieces share letters with orthodox ones).
  const std::string& n = d.name;
  if (d.royal) return PieceGlyph::kKing;
  if (n == "diagonal power piece") return PieceGlyph::kPowerB3;
  if (n == "orthogonal power piece") return PieceGlyph::kPowerR3;
  if (n == "messenger") return PieceGlyph::kMessenger;
  if (n == "captain") return PieceGlyph::kCaptain;
  if (n == "guard") return PieceGlyph::kGuard;
  if (n == "soldier") return PieceGlyph::kSoldier;
  if (n == "swordsman") return PieceGlyph::kSwordsman;
  if (d.pawn) return PieceGlyph::kPawn;
  switch (d.letter) {
    case 'Q': case 'D': return PieceGlyph::kQueen;
    case 'R': return PieceGlyph::kRook;
    case 'B': return PieceGlyph::kBishop;
    case 'N': return PieceGlyph::kKnight;
    default: return PieceGlyph::kPawn;
  }
}

SeatStatus status_of(core::SeatStatus s) {
  switch (s) {
    case core::SeatStatus::kLive: return SeatStatus::kLive;
    case core::SeatStatus::kCheckmated: return SeatStatus::kMated;
    case core::SeatStatus::kStalemated: return SeatStatus::kStalemated;
    case core::SeatStatus::kResigned: return SeatStatus::kResigned;
    case core::SeatStatus::kFlagged: return SeatStatus::kFlagged;
    case core::SeatStatus::kRemoved: return SeatStatus::kRemoved;
  }
  return SeatStatus::kLive;
}

// s30-table: after the game's end a seat still in play said "playing". Each
// such seat's end instead: a draw drawn (in a two-seat game both, the one
// whose flag fell too: FIDE 6.9 makes that a draw when the other cannot
// mate); the winner, with its team, won (the ranking's first); every other
// lost, with its place in a ranked game of more than two seats without
// teams (a team game's losers lost together). A seat that
// went out before keeps how it went out (checkmated, resigned...).
void mark_the_end(const session::Snapshot& snap, const core::RuleSet& rules, std::vector<SeatView>& seats) {
  const core::Outcome& o = snap.outcome;
  if (!o.over) return;
  const int n = static_cast<int>(seats.size());
  std::vector<bool> winner(seats.size(), false);
  if (!o.draw && !o.ranking.empty()) {
    // The winner with its team (session/winners.h: the hub's page marks the same seats).
    for (core::Seat s : session::winning_side(rules, o.ranking.front())) {
      if (core::index_of(s) < n) winner[static_cast<std::size_t>(core::index_of(s))] = true;
    }
  }
  for (int s = 0; s < n; ++s) {
    SeatView& seat = seats[static_cast<std::size_t>(s)];
    if (o.draw) {
      if (seat.status == SeatStatus::kLive || n == 2) seat.status = SeatStatus::kDrawn;
      continue;
    }
    if (seat.status != SeatStatus::kLive) continue;
    if (winner[static_cast<std::size_t>(s)]) {
      seat.status = SeatStatus::kWon;
      continue;
    }
    seat.status = SeatStatus::kLost;
    const auto at = std::find(o.ranking.begin(), o.ranking.end(), core::seat_at(s));
    if (n > 2 && rules.relations.teams.empty() && at != o.ranking.end()) seat.place = static_cast<int>(at - o.ranking.begin()) + 1;
  }
}

Severity severity_of(core::Severity s) {
  switch (s) {
    case core::Severity::kIllegal: return Severity::kIllegal;
    case core::Severity::kWarning: return Severity::kWarning;
    default: return Severity::kInfo;
  }
}

}  // namespace

void name_players(KioskView& v, const core::RuleSet& rules, const std::vector<std::string>& players) {
  if (players.empty()) return;
  auto named = [&](std::string& text) { text = session::with_players(text, rules, players); };
  if (v.ruling) named(v.ruling->text);
  for (RulingView& r : v.ruling_also) named(r.text);
  for (RulingView& r : v.ruling_history) named(r.text);
  for (CheckView& c : v.checks) named(c.text);
}

Cell cell_of(core::Square s) { return Cell{core::file_of(s), core::rank_of(s)}; }
core::Square square_of(Cell c) { return core::make_square(c.file, c.rank); }

namespace {

// How a seat's pieces live on after it is out, by the variant's own policy
// for how it went out (issue 27 item 3: a resigned chess.com FFA army stayed
// in colour though its pieces are dead).
PieceLife life_of(const core::RuleSet& rules, core::SeatStatus status, core::PieceKind kind) {
  const core::Elimination& e = rules.elimination;
  core::EliminationPolicy policy;
  switch (status) {
    case core::SeatStatus::kCheckmated: policy = e.on_mate; break;
    case core::SeatStatus::kStalemated: policy = e.on_stalemate; break;
    case core::SeatStatus::kResigned: policy = e.on_resign; break;
    case core::SeatStatus::kFlagged: policy = e.on_timeout; break;
    default: return PieceLife::kLive;
  }
  switch (policy) {
    case core::EliminationPolicy::kDeadObstacles:
      return PieceLife::kDead;
    case core::EliminationPolicy::kDeadKingWalking:  // chess.com: the king walks on
      return rules.piece(kind).royal ? PieceLife::kLive : PieceLife::kDead;
    case core::EliminationPolicy::kFrozenCapturableByOpponents:
      return PieceLife::kFrozen;
    default:
      return PieceLife::kLive;
  }
}

}  // namespace

// A finished game's result (issue 27 item 4: the end screen showed none):
// "1-0 · White wins (checkmate)", "1/2-1/2 · a draw (adjudicated by the
// arbiter)", or with more seats the ranking and the points; a draw among
// more names every seat in seat order (s29-newuser: the ranking's order,
// last seat first, without a separator).
std::string result_of(const session::Snapshot& snap, const core::RuleSet& rules,
                      const std::function<std::string(int)>& label) {
  const core::Outcome& o = snap.outcome;
  if (!o.over) return "";
  const int n = rules.seat_count();
  const std::string how = o.reason.empty() ? "" : " (" + o.reason + ")";
  auto name = [&](core::Seat s) { return label(core::index_of(s)); };
  if (n == 2) {
    if (o.draw || o.ranking.empty()) return "1/2-1/2 \xC2\xB7 a draw" + how;
    return std::string(core::index_of(o.ranking.front()) == 0 ? "1-0" : "0-1") + " \xC2\xB7 " +
           name(o.ranking.front()) + " wins" + how;
  }
  const bool points = rules.ledger.kind == core::LedgerKind::kPoints;
  std::vector<core::Seat> order = o.ranking;
  if (o.draw) {
    order.clear();
    for (int s = 0; s < n; ++s) order.push_back(core::seat_at(s));
  }
  std::string text = o.draw ? "a draw" + how + ":" : "";
  for (std::size_t i = 0; i < order.size(); ++i) {
    const core::Seat s = order[i];
    if (!text.empty()) text += i == 0 ? " " : " \xC2\xB7 ";
    if (!o.draw) text += std::to_string(i + 1) + (i == 0 ? "st " : i == 1 ? "nd " : i == 2 ? "rd " : "th ");
    text += name(s);
    if (points) {
      const int p = snap.points[static_cast<std::size_t>(core::index_of(s))];
      text += " " + std::to_string(p) + (p == 1 ? " pt" : " pts");
    }
  }
  return o.draw ? text : text + how;
}

namespace {

// What the table is doing in words ("play" and "restore" were the session's
// tags: issue 27 item 8); in play the round of the move to come.
std::string phase_words(const session::Snapshot& snap) {
  switch (snap.phase) {
    case session::Phase::kSetup: return "setting up the board";
    case session::Phase::kChoosing: return "choosing the power piece";
    case session::Phase::kRestore: return "putting the board back";
    case session::Phase::kOver: return "over";
    case session::Phase::kPlay: break;
  }
  return "";  // the round: round_to_come(), once the move list is built
}

// The round of the move to come (issue 27 item 8: the round of the last move
// was shown, one behind once the turn came round): the last round of the move list, or the
// next when the seat to move has already played in it (a resignation out of
// turn fills another seat's place in the round, not the mover's).
int round_to_come(const MoveListView& moves, core::Seat to_move) {
  if (moves.rounds.empty()) return 1;
  const MoveRound& last = moves.rounds.back();
  for (std::size_t c = 0; c < moves.columns.size() && c < last.plies.size(); ++c) {
    if (moves.columns[c].value == core::index_of(to_move)) return last.plies[c].empty() ? last.number : last.number + 1;
  }
  return last.number + 1;
}

// A ply of the move list in words where chess.com's PGN4 has letters
// (issue 27 item 8): "R" a resignation, "T" a timeout, a move marked T made
// at once for a player whose time ran out.
std::string ply_words(const std::string& text) {
  if (text == "R") return "resigns";
  if (text == "T") return "out of time";
  if (text.size() > 1 && text.back() == 'T') return text.substr(0, text.size() - 1) + " (time)";
  return text;
}

// The most rulings of one input the headline shows (the rest stay in the
// history).
constexpr std::size_t kHeadlineRulings = 5;

// A hint as a child can follow it (s16-club: "Hint for Red: Bi1-e5" was the
// game's notation only). A hint in words first, the game's notation after it: "Hint for Red: move
// the pawn from d2 to d4 (d2-d4)", "Hint for White: castle king side: king e1
// to g1, rook h1 to f1 (O-O)" (session/hint_words.h, the voice's words too),
// while the hinted piece is on its square and its seat to move.
std::string hint_on_screen(const session::Ruling& r, const session::Snapshot& snap) {
  std::optional<std::string> words = session::hint_in_words(r, snap.position);
  if (!words) return r.text;
  return *words + " (" + r.text.substr(r.text.find(": ") + 2) + ")";
}

}  // namespace

KioskView view_of(const session::Snapshot& snap, const core::RuleSet& rules) {
  KioskView v;
  const core::Geometry& g = rules.geometry;
  v.title = rules.name;
  v.subtitle = phase_words(snap);
  v.claimable_draw = snap.claimable_draw;
  v.result = result_of(snap, rules, [&](int i) { return rules.seats[static_cast<std::size_t>(i)].name; });
  // The board: playable squares, holes, merged corner squares.
  v.board.width = g.width();
  v.board.height = g.height();
  v.board.cells.resize(static_cast<std::size_t>(g.width() * g.height()));
  for (int r = 0; r < g.height(); ++r) {
    for (int f = 0; f < g.width(); ++f) {
      core::Square q = core::make_square(f, r);
      CellView& c = v.board.at(Cell{f, r});
      c.shade = (f + r) % 2 == 0 ? CellShade::kDark : CellShade::kLight;
      core::Square anchor = g.anchor(q);
      if (anchor != q || g.merged(q)) {
        c.kind = CellKind::kMerged;
        c.merge_anchor = cell_of(anchor);
      } else {
        c.kind = g.playable(q) ? CellKind::kPlayable : CellKind::kHole;
      }
    }
  }
  // Seats, statuses and the ledger.
  int n = rules.seat_count();
  v.ledger = rules.ledger.kind == core::LedgerKind::kPoints   ? LedgerKind::kPoints
             : rules.ledger.kind == core::LedgerKind::kTokens ? LedgerKind::kTokens
                                                              : LedgerKind::kNone;
  for (int s = 0; s < n; ++s) {
    SeatView sv;
    sv.name = rules.seats[s].name;
    sv.colour = colour_of(rules.seats[static_cast<std::size_t>(s)], s, n);
    sv.edge = edge_of(rules.seats[s].facing);
    sv.status = status_of(snap.statuses[s]);
    sv.score = snap.points[s];
    auto name = [&](core::Seat x) { return rules.seats[static_cast<std::size_t>(core::index_of(x))].name; };
    // A team by its members' names ("team 1/2" meant nothing at the table:
    // issue 27 item 8).
    for (const std::vector<core::Seat>& team : rules.relations.teams) {
      if (std::find(team.begin(), team.end(), core::seat_at(s)) == team.end()) continue;
      std::vector<std::string> mates;
      for (core::Seat m : team)
        if (m != core::seat_at(s)) mates.push_back(name(m));
      for (std::size_t i = 0; i < mates.size(); ++i)
        sv.relation += (i == 0 ? "with " : i + 1 == mates.size() ? " and " : ", ") + mates[i];
    }
    std::vector<std::string> rel;
    if (snap.suzerains[s] != core::kNoSeat) rel.push_back("vassal of " + name(snap.suzerains[s]));
    if (snap.allies[s] != core::kNoSeat) rel.push_back("ally of " + name(snap.allies[s]));
    for (int o = 0; o < n; ++o) {
      if (snap.suzerains[o] == core::seat_at(s)) rel.push_back("suzerain of " + name(core::seat_at(o)));
    }
    // 002 rule 7: a resigned or flagged player who still moves.
    if ((snap.statuses[s] == core::SeatStatus::kResigned &&
         rules.elimination.on_resign == core::EliminationPolicy::kRandomMover) ||
        (snap.statuses[s] == core::SeatStatus::kFlagged &&
         rules.elimination.on_timeout == core::EliminationPolicy::kRandomMover))
      rel.push_back("random mover");
    for (const std::string& r : rel) sv.relation += (sv.relation.empty() ? "" : ", ") + r;
    v.seats.push_back(sv);
  }
  mark_the_end(snap, rules, v.seats);
  // Pieces: the rules position, less the pieces in the air.
  auto piece_view = [&](core::Piece p) {
    PieceView pv;
    pv.glyph = glyph_of(rules.piece(p.kind));
    pv.seat = SeatIndex{core::index_of(p.seat)};
    pv.promoted = p.promoted;
    pv.life = life_of(rules, snap.statuses[core::index_of(p.seat)], p.kind);
    return pv;
  };
  v.pieces.assign(v.board.cells.size(), std::nullopt);
  for (int i = 0; i < core::kMaxSquares; ++i) {
    core::Square q = static_cast<core::Square>(i);
    core::Piece p = snap.position.at(q);
    if (p.empty() || snap.lifted[i]) continue;
    v.piece_at(cell_of(q)) = piece_view(p);
  }
  // A move shown on the board but not yet settled: draw its result.
  if (snap.tentative && snap.tentative->to != core::kNoSquare) {
    core::Piece mover = snap.tentative->from == core::kNoSquare ? core::Piece{snap.tentative->promotion, snap.to_move, false}
                                                                : snap.position.at(snap.tentative->from);
    if (!mover.empty()) {
      PieceView pv;
      pv.glyph = glyph_of(rules.piece(mover.kind));
      pv.seat = SeatIndex{core::index_of(mover.seat)};
      v.piece_at(cell_of(snap.tentative->to)) = pv;
    }
    const core::Square from = snap.tentative->from == core::kNoSquare ? snap.tentative->to : snap.tentative->from;
    v.tentative = LastMove{cell_of(from), cell_of(snap.tentative->to)};
  }
  // After a game-ending move nobody is to move (issue 18: the banner said so).
  const bool over = snap.phase == session::Phase::kOver;
  if (snap.to_move != core::kNoSeat && !over) v.to_move = SeatIndex{core::index_of(snap.to_move)};
  v.orientation = SeatIndex{0};
  if (snap.last_move && snap.last_move->move.from != core::kNoSquare) {
    v.last_move = LastMove{cell_of(snap.last_move->move.from), cell_of(snap.last_move->move.to)};
  }
  add_bot_arrows(snap, v);  // issue 33 (ui/bot_view.cpp)
  for (const auto& [seat, checkers] : snap.checks) {
    core::Square k = snap.position.king_square(seat);
    if (k == core::kNoSquare) continue;
    CheckView cv;
    cv.king = cell_of(k);
    for (core::Square c : checkers) cv.checkers.push_back(cell_of(c));
    cv.text = rules.seats[core::index_of(seat)].name + " is in check";
    v.checks.push_back(cv);
  }
  // What the hands must do; nothing once the game is over (the last move
  // stands, whatever the sensors say).
  // Each square carries the session's own step for it (the fix plan follows
  // where each piece went: issue 18 item 1) and, to put, the piece that
  // belongs there, so the screen never says "put a piece on j2".
  auto step_for = [&](core::Square q, FixAction action) {
    for (const inference::Fix& f : snap.fixes) {
      const bool to = f.to == q && (f.kind == inference::FixKind::kPut || f.kind == inference::FixKind::kMove);
      const bool from = f.from == q && (f.kind == inference::FixKind::kRemove || f.kind == inference::FixKind::kMove);
      if (action == FixAction::kPutPiece ? to : from) return f.text;
    }
    return std::string();
  };
  for (int i = 0; i < core::kMaxSquares && !over; ++i) {
    const auto q = static_cast<core::Square>(i);
    if (snap.extra[i]) v.fixes.push_back({cell_of(q), FixAction::kRemovePiece, std::nullopt, step_for(q, FixAction::kRemovePiece)});
  }
  if (!over && (snap.tracker != inference::TrackerState::kInSync || snap.phase != session::Phase::kPlay)) {
    for (int i = 0; i < core::kMaxSquares; ++i) {
      const auto q = static_cast<core::Square>(i);
      if (snap.lifted[i] && !(snap.tentative && snap.tentative->from == q)) {
        const core::Piece belongs = snap.position.at(q);
        v.fixes.push_back({cell_of(q), FixAction::kPutPiece,
                           belongs.empty() ? std::nullopt : std::optional<PieceView>(piece_view(belongs)),
                           step_for(q, FixAction::kPutPiece)});
      }
    }
  }
  // Rulings: the latest large, the rest as history.
  for (const session::Ruling& r : snap.recent)
    v.ruling_history.push_back({severity_of(r.severity), hint_on_screen(r, snap)});
  if (!v.ruling_history.empty()) {
    v.ruling = v.ruling_history.back();
    v.ruling_history.pop_back();
    // What the same input said before it goes with it in the headline (a
    // mate's points, a bonus at the end), up to kHeadlineRulings lines.
    const session::Millis at = snap.recent.back().time;
    for (std::size_t i = snap.recent.size() - 1; i-- > 0 && snap.recent[i].time == at &&
                                                 v.ruling_also.size() + 1 < kHeadlineRulings;) {
      v.ruling_also.insert(v.ruling_also.begin(), v.ruling_history.back());
      v.ruling_history.pop_back();
    }
  }
  // The move list in rounds, columns in turn order.
  for (core::Seat s : rules.turn_order) v.moves.columns.push_back(SeatIndex{core::index_of(s)});
  for (const core::Game::RecordEntry& e : snap.record) {
    if (v.moves.rounds.empty() || v.moves.rounds.back().number != e.round) {
      v.moves.rounds.push_back(MoveRound{e.round, std::vector<std::string>(rules.turn_order.size())});
    }
    for (std::size_t c = 0; c < rules.turn_order.size(); ++c) {
      if (rules.turn_order[c] == e.seat) v.moves.rounds.back().plies[c] = ply_words(e.text);
    }
  }
  if (snap.phase == session::Phase::kPlay && snap.to_move != core::kNoSeat)
    v.subtitle = "round " + std::to_string(round_to_come(v.moves, snap.to_move));
  // Teaching mode: the lifted piece's legal destinations (the session's).
  if (snap.lifted_piece != core::kNoSquare) {
    v.teaching.lifted_from = cell_of(snap.lifted_piece);
    for (core::Square d : snap.destinations) v.teaching.destinations.push_back(cell_of(d));
  }
  v.clocks = clocks_of(snap, snap.time);
  // 002 rule 7: the random mover's drawn move, for the table to play: shown
  // as a from/to hint and a dialog that only needs acknowledging.
  for (const session::Request& req : snap.requests) {
    if (req.kind != session::RequestKind::kRandomMove || req.move.from == core::kNoSquare) continue;
    if (!v.teaching.lifted_from) {
      v.teaching.lifted_from = cell_of(req.move.from);
      v.teaching.destinations = {cell_of(req.move.to)};
    }
    DialogView d;
    d.id = req.id;
    d.kind = DialogKind::kRandomMove;
    d.seat = SeatIndex{req.seat == core::kNoSeat ? 0 : core::index_of(req.seat)};
    d.title = "random move";
    d.prompt = req.prompt;
    d.options.push_back({"I will play it on the board", std::nullopt});
    v.dialog = d;
  }
  // The first open question becomes the dialog.
  for (const session::Request& req : snap.requests) {
    if (req.options.empty()) continue;
    DialogView d;
    d.id = req.id;
    d.seat = SeatIndex{req.seat == core::kNoSeat ? 0 : core::index_of(req.seat)};
    d.kind = req.kind == session::RequestKind::kPowerPiece  ? DialogKind::kPowerPiece
             : req.kind == session::RequestKind::kPlacement ? DialogKind::kStalematePlacement
                                                            : DialogKind::kPromotion;
    d.title = session::to_string(req.kind);
    d.prompt = req.prompt;
    for (const session::RequestOption& o : req.options) d.options.push_back({o.label, std::nullopt});
    v.dialog = d;
    break;
  }
  return v;
}

namespace {

// "White's rook": the piece of a step, named.
std::string seat_name_of(const core::Game& game, const PieceView& piece) {
  return game.seat_name(core::seat_at(piece.seat.value)) + "'s " + std::string(piece_name(piece.glyph));
}

}  // namespace

std::optional<std::vector<FixSquare>> finishing_steps(const core::Game& game, const core::SquareSet& board_cells) {
  const core::RuleSet& rules = game.rules();
  const core::Geometry& g = rules.geometry;
  // A square is on the board when one of its cells is sensed.
  auto sensed = [&](core::Square q) {
    for (core::Square cell : g.cells_of(q))
      if (board_cells.test(static_cast<std::size_t>(core::index_of(cell)))) return true;
    return false;
  };
  std::vector<core::Square> squares;
  for (int i = 0; i < core::kMaxSquares; ++i) {
    const auto q = static_cast<core::Square>(i);
    if (g.playable(q) && g.anchor(q) == q) squares.push_back(q);
  }
  const core::Position& now = game.position();
  std::optional<std::vector<FixSquare>> found;
  bool several = false;
  for (const core::Move& m : game.legal_moves()) {
    core::Game after = game;
    after.play(m);
    const core::Position& then = after.position();
    bool fits = true;
    std::vector<FixSquare> steps;
    for (core::Square q : squares) {
      const bool is = sensed(q);
      const bool was = !now.at(q).empty();
      const bool will = !then.at(q).empty();
      if (is != was && is != will) {
        fits = false;  // a change this move does not make
        break;
      }
      if (is == will) continue;
      const core::Piece p = will ? then.at(q) : now.at(q);
      PieceView pv;
      pv.glyph = glyph_of(rules.piece(p.kind));
      pv.seat = SeatIndex{core::index_of(p.seat)};
      const std::string piece = game.seat_name(p.seat) + "'s " + rules.piece(p.kind).name;
      steps.push_back({cell_of(q), will ? FixAction::kPutPiece : FixAction::kRemovePiece, pv,
                       (will ? "to finish the move, put " + piece + " on " : "to finish the move, take " + piece + " off ") +
                           g.name(q)});
    }
    if (!fits || steps.empty()) continue;
    // A piece to carry from one square to another is one step, said once.
    if (steps.size() == 2 && steps[0].action != steps[1].action && steps[0].piece == steps[1].piece) {
      const FixSquare& off = steps[0].action == FixAction::kRemovePiece ? steps[0] : steps[1];
      const FixSquare& on = steps[0].action == FixAction::kPutPiece ? steps[0] : steps[1];
      const std::string text = "to finish the move, move " + seat_name_of(game, *off.piece) + " from " +
                               cell_name(off.cell) + " to " + cell_name(on.cell);
      steps[0].text = text;
      steps[1].text = text;
    }
    // Moves that differ only in what the pawn becomes leave the same steps.
    auto same = [&](const std::vector<FixSquare>& a) {
      if (a.size() != steps.size()) return false;
      for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].cell != steps[i].cell || a[i].action != steps[i].action) return false;
      return true;
    };
    if (found && !same(*found)) several = true;
    if (!found) found = steps;
  }
  if (several) return std::vector<FixSquare>{};
  return found;
}

ClockView clocks_of(const session::Snapshot& snap, session::Millis now) {
  ClockView c;
  if (!snap.clock) return c;
  return clock_view(*snap.clock, now, snap.clock_held);
}

ClockView clock_view(const session::GameClock& k, session::Millis now, bool held) {
  ClockView c;
  c.enabled = true;
  for (int i = 0; i < k.seat_count(); ++i) c.remaining.push_back(k.remaining(i, now));
  if (k.state() == session::GameClock::State::kRunning && k.running()) c.running = SeatIndex{*k.running()};
  c.delay_left = k.delay_left(now);
  c.control_text = session::describe(k.control()) + (held ? " (stopped by the arbiter)" : "");
  return c;
}

}  // namespace tabula::ui
