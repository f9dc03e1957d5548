#include "core/replay.h"
#include "core/quote.h"

#include <cctype>

#include "core/notation.h"

namespace tabula::core {

std::string record_date(const PgnRecord& record) {
  // PGN "2022.03.19"; chess.com's PGN4 "Sat Mar 19 2022 14:59:06 GMT+0000".
  std::string d = record.tag("Date");
  auto digits = [&](std::size_t at, std::size_t n) {
    if (at + n > d.size()) return false;
    for (std::size_t i = at; i < at + n; ++i)
      if (!std::isdigit(static_cast<unsigned char>(d[i]))) return false;
    return true;
  };
  if (digits(0, 4) && d.size() >= 10 && d[4] == '.' && d[7] == '.' && digits(5, 2) && digits(8, 2)) {
    return d.substr(0, 4) + "-" + d.substr(5, 2) + "-" + d.substr(8, 2);
  }
  static const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  // "Www Mmm DD YYYY"
  if (d.size() >= 15 && d[3] == ' ' && d[7] == ' ' && d[10] == ' ' && digits(8, 2) && digits(11, 4)) {
    for (int m = 0; m < 12; ++m) {
      if (d.compare(4, 3, kMonths[m]) != 0) continue;
      std::string mm = (m < 9 ? "0" : "") + std::to_string(m + 1);
      return d.substr(11, 4) + "-" + mm + "-" + d.substr(8, 2);
    }
  }
  return {};
}

std::shared_ptr<const RuleSet> rules_for_date(std::shared_ptr<const RuleSet> rules, const std::string& date) {
  if (date.empty() || rules->draws.repetition_eras.empty()) return rules;
  for (const DrawRules::RepetitionEra& era : rules->draws.repetition_eras) {
    if (date > era.until) continue;
    if (era.automatic_repetitions == rules->draws.automatic_repetitions) return rules;
    auto dated = std::make_shared<RuleSet>(*rules);
    dated->draws.automatic_repetitions = era.automatic_repetitions;
    return dated;
  }
  return rules;
}

RecordedEnd recorded_end(const PgnRecord& record) {
  RecordedEnd end;
  const std::string& result = record.result;
  if (result != "1-0" && result != "0-1" && result != "1/2-1/2") {
    end.error = "not a finished game's result";
    return end;
  }
  end.draw = result == "1/2-1/2";
  if (!end.draw) {
    end.winner = seat_at(result == "1-0" ? 0 : 1);
    end.loser = seat_at(result == "1-0" ? 1 : 0);
  }
  // The Termination tag as Tabula writes it ("resignation", "time",
  // "agreement", "threefold repetition", "fifty-move rule", "adjudicated by
  // the arbiter", "checkmate", "stalemate", ...), the PGN standard's
  // ("normal", "time forfeit", "adjudication") and chess.com's or lichess's
  // sentences ("won by resignation", "Game drawn by repetition", "won on
  // time"), lower-cased.
  const std::string tag = record.tag("Termination");
  std::string term = tag;
  for (char& c : term) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto says = [&](const char* word) { return term.find(word) != std::string::npos; };
  using Kind = RecordedEnd::Kind;
  if (says("checkmate") || says("stalemate") || says("insufficient") || says("dead position") ||
      says("seventy-five") || says("fivefold") || says("bare king")) {
    end.kind = Kind::kOnTheBoard;
    end.said = "ended on the board: \"" + tag + "\"";
  } else if (says("time")) {
    end.kind = end.draw ? Kind::kAgreement : Kind::kTime;
    end.said = end.draw ? "drawn although a flag fell (\"" + tag + "\"), taken as agreed" : "won on time";
  } else if (says("adjudicat")) {
    end.kind = Kind::kAdjudication;
    end.said = end.draw ? "drawn by adjudication" : "won by adjudication";
  } else if (says("repetition") || says("fifty") || says("50") || says("claim")) {
    end.kind = end.draw ? Kind::kClaim : Kind::kResignation;
    end.said = end.draw ? "a draw claimed (\"" + tag + "\")" : "won by resignation";
  } else if (says("agree") || end.draw) {
    // A draw with no reason given ("normal", or no tag): by agreement.
    end.kind = Kind::kAgreement;
    end.said = "drawn by agreement";
  } else {
    // A decisive game with no reason, or "normal", "resignation", "won by
    // resignation": the loser resigned (the usual reading of a PGN result).
    end.kind = Kind::kResignation;
    end.said = "won by resignation";
  }
  return end;
}

ReplayResult replay(std::shared_ptr<const RuleSet> rules, const Position& start,
                    const std::array<int, kMaxSeats>& points, const PgnRecord& record) {
  ReplayResult out;
  // chess.com's repetition rule as it stood on the record's date (issue 31 item 7).
  rules = rules_for_date(std::move(rules), record_date(record));
  out.game.emplace(rules, start, points);
  Game& game = *out.game;
  auto fail = [&](const PgnToken& t, Seat seat, const std::string& why) {
    out.ok = false;
    out.line = t.line;
    out.error = "round " + std::to_string(t.round) + ", " + game.seat_name(seat) + ", " + printable_input(t.text) + ": " + why;
  };
  for (const PgnToken& t : record.moves) {
    Seat seat = game.to_move();
    MoveText mt = split_annotations(t.text);
    ReplayStep step{t.round, seat, t.text, {}};
    if (mt.move.empty() && mt.marker == 0 && mt.mates > 0) {
      // A lone '#': the record notes a mate the arbiter must have found.
      bool found = game.outcome().over;
      for (auto it = out.steps.rbegin(); it != out.steps.rend() && !found; ++it) {
        for (const Ruling& r : it->rulings) found = found || r.kind == RulingKind::kCheckmate;
        break;
      }
      for (const Ruling& r : game.opening_rulings()) found = found || r.kind == RulingKind::kCheckmate;
      if (!found) {
        fail(t, seat, "the record says checkmate, but the arbiter finds " + game.seat_name(seat) + " has legal moves");
        return out;
      }
      out.steps.push_back(step);
      continue;
    }
    bool flagged_first = mt.marker == 'T' && !mt.move.empty();
    if (flagged_first) {
      // chess.com marks with T the walking king's move it makes at once for a
      // player whose time ran out in his turn ("Kh1-g1T", FFA 12085418): the
      // player leaves first, so the move is a walking king's, not a live ply
      // for the move rule (issue 31 item 6).
      auto rs = game.timeout(seat);
      if (rs.empty() && !game.outcome().over) {
        fail(t, seat, "cannot lose on time: that seat is no longer playing");
        return out;
      }
      step.rulings = rs;
      if (game.outcome().over) {
        out.steps.push_back(std::move(step));
        continue;
      }
    }
    if (!mt.move.empty()) {
      if (game.outcome().over) {
        fail(t, seat, "the game is already over (" + game.outcome().reason + ")");
        return out;
      }
      Move m;
      std::string why;
      // The game's own moves first (003's placements are not the
      // position's); else the position's, so that the game says why not.
      if (!parse_move(game.position(), game.legal_moves(), mt.move, m, why) &&
          !parse_move(game.position(), mt.move, m, why)) {
        // Say it the arbiter's way when the squares are known.
        fail(t, seat, why);
        return out;
      }
      auto played = game.play(m);
      if (!played.empty() && played.front().kind == RulingKind::kIllegalMove) {
        fail(t, seat, played.front().text);
        return out;
      }
      step.rulings.insert(step.rulings.end(), played.begin(), played.end());
    }
    if (flagged_first) {
      // done above
    } else if (mt.marker == 'R' || mt.marker == 'T') {
      // A suffix marker belongs to the seat that just moved.
      Seat who = mt.move.empty() ? seat : step.seat;
      auto rs = mt.marker == 'R' ? game.resign(who) : game.timeout(who);
      if (rs.empty() && !game.outcome().over) {
        fail(t, who, std::string("cannot ") + (mt.marker == 'R' ? "resign" : "lose on time") +
                         ": that seat is no longer playing");
        return out;
      }
      step.rulings.insert(step.rulings.end(), rs.begin(), rs.end());
    } else if (mt.marker == 'S' && mt.move.empty()) {
      // The arbiter finds stalemates itself at the start of a turn.
      // The step belongs to the stalemated seat (issue 31 item 12: it was
      // printed under the next seat's name): the latest stalemate ruling's.
      bool found = false;
      for (const auto& s : out.steps)
        for (const Ruling& r : s.rulings)
          if (r.kind == RulingKind::kStalemate) {
            found = true;
            step.seat = r.seat;
          }
      if (!found) {
        fail(t, seat, "the record says stalemate, but the arbiter finds a legal move");
        return out;
      }
    }
    out.steps.push_back(std::move(step));
  }
  // A standard two-seat PGN writes how the game ended as its result and its
  // Termination tag, with no move token for it (issue 31 item 8): apply it.
  if (!game.outcome().over && rules->seat_count() == 2 && !record.result.empty() && record.result != "*") {
    ReplayStep step{record.moves.empty() ? 0 : record.moves.back().round, kNoSeat, "(" + record.result + ")", {}};
    RecordedEnd end = recorded_end(record);
    if (!end.error.empty()) {
      out.ok = false;
      out.line = record.line;
      out.error = "the result " + record.result + ": " + end.error;
      return out;
    }
    std::vector<Ruling> rs;
    switch (end.kind) {
      case RecordedEnd::Kind::kResignation: rs = game.resign(end.loser); break;
      case RecordedEnd::Kind::kTime: rs = game.timeout(end.loser); break;
      case RecordedEnd::Kind::kAgreement: rs = game.agree_draw(); break;
      case RecordedEnd::Kind::kClaim: rs = game.claim_draw(); break;
      case RecordedEnd::Kind::kAdjudication: rs = game.adjudicate(end.draw, end.winner); break;
      case RecordedEnd::Kind::kOnTheBoard: break;
    }
    if (end.kind == RecordedEnd::Kind::kOnTheBoard || (!rs.empty() && rs.front().kind == RulingKind::kIllegalMove)) {
      out.ok = false;
      out.line = record.line;
      out.error = "the record ends " + record.result + " (" + end.said + "), but " +
                  (rs.empty() ? "the arbiter finds the game still on after the last move"
                              : "the arbiter refuses it: " + rs.front().text);
      return out;
    }
    // The closing note says which end it was: "(1/2-1/2, drawn by agreement)".
    step.token = "(" + record.result + ", " + end.said + ")";
    step.rulings = rs;
    out.steps.push_back(std::move(step));
  }
  // chess.com records end without a marker when the last opponents leave on
  // time; the Termination tag "(Green +20)" then names who collected the
  // survivor bonus (002 rule 8). The others are taken to have left on time.
  std::string term = record.tag("Termination");
  std::size_t open = term.rfind('(');
  std::size_t plus = term.find(" +", open == std::string::npos ? 0 : open);
  if (!game.outcome().over && open != std::string::npos && plus != std::string::npos) {
    std::string name = term.substr(open + 1, plus - open - 1);
    Seat survivor = kNoSeat;
    for (int s = 0; s < rules->seat_count(); ++s) {
      if (rules->seats[s].name == name) survivor = seat_at(s);
    }
    if (survivor != kNoSeat && game.status(survivor) == SeatStatus::kLive) {
      ReplayStep step{record.moves.empty() ? 0 : record.moves.back().round, kNoSeat, "(" + term.substr(open + 1), {}};
      Ruling note;
      note.kind = RulingKind::kTimeout;
      note.severity = Severity::kWarning;
      note.text = "the record ends with \"" + term + "\": the other players left the game";
      step.rulings.push_back(note);
      for (Seat s : rules->turn_order) {
        if (s == survivor || game.status(s) != SeatStatus::kLive || game.outcome().over) continue;
        auto rs = game.timeout(s);
        step.rulings.insert(step.rulings.end(), rs.begin(), rs.end());
      }
      out.steps.push_back(std::move(step));
    }
  }
  return out;
}

}  // namespace tabula::core
