#include "ui/board_link.h"

#include <utility>

#include "tabula_proto/board.pb.h"
#include "wire/board_client.h"

namespace tabula::ui {
namespace {

using firmware::BoardClient;
using firmware::IoError;
using firmware::IoStatus;

const char* fault_kind_text(board::FaultKind kind) {
  switch (kind) {
    case board::FAULT_KIND_GHOST:
      return "ghost reading";
    case board::FAULT_KIND_STUCK_CLOSED:
      return "stuck closed";
    case board::FAULT_KIND_STUCK_OPEN:
      return "stuck open";
    case board::FAULT_KIND_NOISY:
      return "noisy";
    case board::FAULT_KIND_LINE_SHORT:
      return "line short";
    case board::FAULT_KIND_CHIP_LOST:
      return "chip lost";
    default:
      return "unknown kind";
  }
}

// "board: sensor fault (stuck closed) on e4: <message>" / "... on e4 cleared".
std::string fault_line(const board::SensorFault& f) {
  std::string where = !f.square().empty()   ? f.square()
                      : !f.sensor().empty() ? f.sensor()
                                            : std::string("the board");
  std::string line =
      std::string("board: sensor fault (") + fault_kind_text(f.kind()) + ") on " + where;
  if (!f.active()) line += " cleared";
  if (!f.message().empty()) line += ": " + f.message();
  return line;
}

// "e4" -> that cell of the variant's grid, whether or not it is a square
// (a hole, a cut corner); kNoSquare for anything else. The daemon names a
// merged square by its anchor cell, which is the cell the session expects.
core::Square grid_cell(const core::Geometry& g, const std::string& name) {
  if (name.size() < 2 || name.size() > 3 || name[0] < 'a' || name[0] > 'p' || name[1] == '0')
    return core::kNoSquare;
  int rank = 0;
  for (std::size_t i = 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return core::kNoSquare;
    rank = rank * 10 + (name[i] - '0');
  }
  const int file = name[0] - 'a';
  if (!g.contains(file, rank - 1)) return core::kNoSquare;
  return core::make_square(file, rank - 1);
}

}  // namespace

BoardFit fit_board(const core::Geometry& geometry, const std::vector<std::string>& squares) {
  // The names -> cells of the variant's grid, and the name of each of the
  // variant's squares (for expectations).
  BoardFit fit;
  fit.names.assign(core::kMaxSquares, std::string());
  std::string& problem = fit.problem;
  for (const std::string& name : squares) {
    const core::Square cell = grid_cell(geometry, name);
    if (cell == core::kNoSquare) {
      problem = "its square " + name + " is not on the variant's board";
      return fit;
    }
    if (!fit.cells.emplace(name, cell).second) {
      problem = "it lists " + name + " twice";
      return fit;
    }
    const core::Square square = geometry.anchor(cell);
    if (!geometry.playable(square)) continue;  // a hole, a cut corner: sensed for strays
    std::string& owner = fit.names[static_cast<std::size_t>(core::index_of(square))];
    if (!owner.empty()) {
      problem = "its squares " + owner + " and " + name + " are one square of the variant's board";
      return fit;
    }
    owner = name;
  }
  int missing = 0;
  for (int i = 0; i < core::kMaxSquares; ++i) {
    const auto square = static_cast<core::Square>(i);
    if (!geometry.playable(square) || !fit.names[static_cast<std::size_t>(i)].empty()) continue;
    if (missing++ == 0) problem = "it does not sense " + geometry.name(square);
  }
  if (missing > 1) problem += " and " + std::to_string(missing - 1) + (missing == 2 ? " more square" : " more squares");
  return fit;
}

BoardLink::BoardLink(std::string socket_path, core::Geometry geometry)
    : path_(std::move(socket_path)),
      geometry_(std::move(geometry)),
      names_(core::kMaxSquares),
      status_("board: not connected to " + path_ + " yet") {}

BoardLink::~BoardLink() = default;

int BoardLink::fd() const {
  return client_ ? client_->fd() : -1;
}

std::vector<std::string> BoardLink::warnings() {
  return std::exchange(warnings_, {});
}

void BoardLink::warn_once(const std::string& line) {
  if (reported_.size() >= kMaxReported) reported_.clear();  // bounded, whatever a daemon says
  if (!reported_.insert(line).second) return;
  warn(line);
}

void BoardLink::try_connect(session::Millis now) {
  // Time going backwards (a new session clock) counts as "due".
  if (attempted_ && now >= last_attempt_ && now - last_attempt_ < kRetryInterval) return;
  attempted_ = true;
  last_attempt_ = now;
  std::unique_ptr<BoardClient> client;
  const IoStatus st = BoardClient::connect(path_, client);
  if (!st.is_ok()) {
    status_ = st.code() == IoError::kNotFound
                  ? "board: daemon not running at " + path_ + ", retrying"
                  : "board: " + st.message() + ", retrying";
    return;
  }
  client_ = std::move(client);
  state_ = State::kAwaitingHello;
  status_ = "board: connected to " + path_ + ", waiting for the daemon's hello";
}

void BoardLink::lose(const std::string& why, session::Millis now) {
  client_.reset();
  state_ = State::kDisconnected;
  last_attempt_ = now;  // the next attempt in kRetryInterval
  status_ = "board: " + why + ", retrying";
  warn_once("board: " + why + "; reconnecting");
}

void BoardLink::poll(session::Millis now, std::vector<session::Input>& inputs) {
  last_poll_ = now;
  if (!client_) try_connect(now);
  if (!client_) return;

  std::vector<board::Frame> frames;
  const IoStatus st = client_->read(frames);
  for (const board::Frame& frame : frames) {
    handle(frame, now, inputs);
    if (!client_) return;  // the frame ended the connection
  }
  if (st.is_ok()) return;
  if (client_->closed()) {
    lose(st.message(), now);
    return;
  }
  // A sequence gap: frames were lost, so the board may be wrong; resync.
  warn("board: " + st.message() + "; asking for a snapshot");
  request_snapshot();
}

void BoardLink::handle(const board::Frame& frame, session::Millis now,
                       std::vector<session::Input>& inputs) {
  switch (frame.body_case()) {
    case board::Frame::kHello:
      on_hello(frame.hello(), now);
      return;
    case board::Frame::kSquareEvent: {
      if (state_ != State::kLive) return;
      const board::SquareEvent& e = frame.square_event();
      const core::Square cell = cell_named(e.square(), "an event");
      if (cell == core::kNoSquare) return;
      inputs.emplace_back(std::in_place_type<session::SquareEvent>, now, cell, e.occupied());
      return;
    }
    case board::Frame::kSnapshot: {
      if (state_ != State::kLive) return;
      const board::BoardSnapshot& s = frame.snapshot();
      if (s.unsettled_squares_size() > 0) return;  // not a full reed state
      session::BoardSnapshot snapshot{now, {}};
      for (const std::string& name : s.occupied_squares()) {
        const core::Square cell = cell_named(name, "a snapshot");
        if (cell != core::kNoSquare) snapshot.cells.set(core::index_of(cell));
      }
      inputs.emplace_back(std::in_place_type<session::BoardSnapshot>, std::move(snapshot));
      return;
    }
    case board::Frame::kSensorFault:
      warn(fault_line(frame.sensor_fault()));
      return;
    case board::Frame::kProtocolError:
      // Once per cause: a daemon that refuses every connection ("too many
      // clients") would otherwise say so every second.
      warn_once("board: error: the board daemon at " + path_ +
                " refused the kiosk: " + frame.protocol_error().message());
      return;
    case board::Frame::BODY_NOT_SET:
      return;  // a newer daemon's frame kind: nothing for us
  }
}

void BoardLink::on_hello(const board::Hello& hello, session::Millis now) {
  if (hello.protocol_version() != board::PROTOCOL_VERSION_CURRENT) {
    const std::string why = "the board daemon at " + path_ + " speaks protocol version " +
                            std::to_string(hello.protocol_version()) + "; the kiosk speaks " +
                            std::to_string(board::PROTOCOL_VERSION_CURRENT);
    client_.reset();
    state_ = State::kDisconnected;
    last_attempt_ = now;
    status_ = "board: " + why + ", retrying";
    warn_once("board: error: " + why);
    return;
  }
  profile_ = hello.profile_id();
  BoardFit fit = fit_board(geometry_, std::vector<std::string>(hello.squares().begin(), hello.squares().end()));
  const std::string& problem = fit.problem;
  if (!problem.empty()) {
    const std::string why = "the board daemon's profile " + hello.profile_id() + " (geometry " +
                            hello.geometry_id() + ", " + std::to_string(hello.squares_size()) +
                            " squares) does not fit the variant's board (" +
                            std::to_string(geometry_.playable_count()) + " squares): " + problem;
    state_ = State::kRefused;
    status_ = "board: " + why;
    warn_once("board: error: " + why);
    return;
  }
  cells_ = std::move(fit.cells);
  names_ = std::move(fit.names);
  state_ = State::kLive;
  reported_.clear();
  status_ = "board: connected to " + path_ + " (profile " + profile_ + ")";
  if (have_expectation_) push_expectation();
}

core::Square BoardLink::cell_named(const std::string& name, const char* what) {
  const auto it = cells_.find(name);
  if (it != cells_.end()) return it->second;
  warn("board: error: " + std::string(what) + " from the board daemon names " + name +
       ", which its hello did not list; ignored");
  return core::kNoSquare;
}

void BoardLink::send_expectation(const core::SquareSet& occupied_cells) {
  expectation_.reset();
  for (int i = 0; i < core::kMaxSquares; ++i) {
    if (!occupied_cells.test(static_cast<std::size_t>(i))) continue;
    const auto cell = static_cast<core::Square>(i);
    if (!geometry_.contains(core::file_of(cell), core::rank_of(cell))) continue;
    const core::Square square = geometry_.anchor(cell);
    if (geometry_.playable(square)) expectation_.set(core::index_of(square));
  }
  have_expectation_ = true;
  if (state_ == State::kLive) push_expectation();
}

void BoardLink::push_expectation() {
  std::vector<std::string> names;
  for (int i = 0; i < core::kMaxSquares; ++i)
    if (expectation_.test(static_cast<std::size_t>(i)))
      names.push_back(names_[static_cast<std::size_t>(i)]);
  const IoStatus st = client_->send_expectation(names);
  if (!st.is_ok()) lose(st.message(), last_poll_);
}

void BoardLink::request_snapshot() {
  if (!client_) return;
  const IoStatus st = client_->request_snapshot();
  if (!st.is_ok()) lose(st.message(), last_poll_);
}

}  // namespace tabula::ui
