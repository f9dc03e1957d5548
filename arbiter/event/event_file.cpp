#include "event/event_file.h"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

#include <cstdint>
#include <cstdio>
#include <sstream>

#include "files/plain_file.h"
#include "journal/replace_file.h"
#include "tabula_proto/event.pb.h"

namespace tabula::event {
namespace {

namespace pb = google::protobuf;

class Collector : public pb::io::ErrorCollector {
 public:
  Collector(std::string where, std::vector<std::string>& out) : where_(std::move(where)), out_(out) {}
  void AddError(int line, pb::io::ColumnNumber column, const std::string& message) override {
    out_.push_back(where_ + ":" + std::to_string(line + 1) + ":" + std::to_string(column + 1) + ": " + message);
  }

 private:
  std::string where_;
  std::vector<std::string>& out_;
};

}  // namespace

std::string to_text(const Event& e) {
  file::Event f;
  f.set_name(e.name);
  for (const std::string& b : e.boards) f.add_boards(b);
  for (const Section& s : e.sections) {
    file::Section* fs = f.add_sections();
    fs->set_name(s.name);
    fs->set_variant(s.variant);
    fs->set_format(to_string(s.format));
    fs->set_rounds(s.rounds);
    if (s.bye_points >= 0) {
      fs->set_bye_points(s.bye_points);
      fs->set_has_bye_points(true);
    }
    if (s.forfeit_points >= 0) {
      fs->set_forfeit_points(s.forfeit_points);
      fs->set_has_forfeit_points(true);
    }
    for (const Player& p : s.players) {
      file::Player* fp = fs->add_players();
      fp->set_name(p.name);
      fp->set_rating(p.rating);
      fp->set_club(p.club);
      fp->set_team(p.team);
      fp->set_withdrawn(p.withdrawn);
    }
    for (const Round& r : s.played) {
      file::Round* fr = fs->add_played();
      for (const Table& t : r.tables) {
        file::Table* ft = fr->add_tables();
        ft->set_number(t.number);
        ft->set_board(t.board);
        for (PlayerId id : t.seats) ft->add_seats(s.player(id).name);
        for (int rank : t.ranks) ft->add_ranks(rank);
        ft->set_game_id(t.game_id);
        for (PlayerId id : t.absent) ft->add_absent(s.player(id).name);
      }
      for (PlayerId id : r.byes) fr->add_byes(s.player(id).name);
    }
  }
  std::string out;
  pb::TextFormat::PrintToString(f, &out);
  return "# Tabula event file (proto/event.proto): docs/EVENT.md\n" + out;
}

std::optional<Event> from_text(const std::string& text, const std::string& where, std::vector<std::string>& errors) {
  file::Event f;
  Collector collector(where, errors);
  pb::TextFormat::Parser parser;
  parser.RecordErrorsTo(&collector);
  parser.AllowUnknownField(false);
  if (!parser.ParseFromString(text, &f)) {
    if (errors.empty()) errors.push_back(where + ": not an event file");
    return std::nullopt;
  }
  Event e;
  e.name = f.name();
  e.boards.assign(f.boards().begin(), f.boards().end());
  for (const file::Section& fs : f.sections()) {
    Section s;
    s.name = fs.name();
    s.variant = fs.variant();
    auto format = parse_format(fs.format());
    if (!format) {
      errors.push_back(where + ": section " + fs.name() + ": format \"" + fs.format() +
                       "\" is not four, teams or two");
      continue;
    }
    s.format = *format;
    s.rounds = fs.rounds();
    s.bye_points = fs.has_bye_points() ? fs.bye_points() : -1;
    s.forfeit_points = fs.has_forfeit_points() ? fs.forfeit_points() : -1;
    for (const file::Player& fp : fs.players()) {
      s.players.push_back({fp.name(), fp.rating(), fp.club(), fp.team(), fp.withdrawn()});
    }
    auto id_of = [&](const std::string& name, const std::string& at) {
      auto id = s.find(name);
      if (!id) errors.push_back(where + ": section " + s.name + ", " + at + ": " + name + " is not registered");
      return id.value_or(PlayerId{});
    };
    for (int r = 0; r < fs.played_size(); ++r) {
      const std::string at = "round " + std::to_string(r + 1);
      Round round;
      for (const file::Table& ft : fs.played(r).tables()) {
        Table t;
        t.number = ft.number();
        t.board = ft.board();
        for (const std::string& n : ft.seats()) t.seats.push_back(id_of(n, at + ", table " + std::to_string(t.number)));
        t.ranks.assign(ft.ranks().begin(), ft.ranks().end());
        t.game_id = ft.game_id();
        for (const std::string& n : ft.absent()) t.absent.push_back(id_of(n, at + ", table " + std::to_string(t.number) + ", absent"));
        round.tables.push_back(std::move(t));
      }
      for (const std::string& n : fs.played(r).byes()) round.byes.push_back(id_of(n, at + ", byes"));
      s.played.push_back(std::move(round));
    }
    e.sections.push_back(std::move(s));
  }
  if (!errors.empty()) return std::nullopt;
  for (const std::string& problem : check(e)) errors.push_back(where + ": " + problem);
  if (!errors.empty()) return std::nullopt;
  return e;
}

std::optional<Event> load_event(const std::string& path, std::vector<std::string>& errors) {
  // Session 15, the attacker's round: only a plain file (or a link to one)
  // of at most kMaxEventFileBytes is read. A FIFO given as --file made every
  // `tabula event` command wait for ever, a link to /dev/zero read without
  // end, a directory read as an empty event ("has no section"). Session 16:
  // through the one reader (files/plain_file.h).
  files::PlainFile f = files::read_plain_file(path, kMaxEventFileBytes, "an event file");
  if (!f.ok()) {
    errors.push_back(path + ": " + f.why);
    return std::nullopt;
  }
  return from_text(f.text, path, errors);
}

bool save_event(const Event& e, const std::string& path, std::string& error) {
  // Written beside and renamed over: a crash leaves the old file or the new
  // one (the new one is on the disk before the rename). PATH.tmp is made
  // anew, never written through what stands there: a symbolic link planted
  // as PATH.tmp had its target truncated and overwritten with the event, and
  // PATH became that link (session 15).
  if (const std::string why = journal::replace_file(path, to_text(e)); !why.empty()) {
    error = path + ": cannot be written (" + why + "); it is left as it was";
    return false;
  }
  return true;
}

}  // namespace tabula::event
