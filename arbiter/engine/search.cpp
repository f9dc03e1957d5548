// search.cpp — Section index: table, ordering, Impl (values, alpha-beta,
// quiescence, max^n, root), Engine.
#include "engine/search.h"

#include <algorithm>
#include <array>
#include <limits>

namespace tabula::engine {
namespace {

constexpr int kInf = 1 << 29;
constexpr int kMaxPly = 96;
constexpr int kMaxQuiescence = 8;

std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBULL;
  x ^= x >> 31;
  return x;
}

std::uint64_t move_key(const Move& m) {
  return static_cast<std::uint64_t>(index_of(m.from)) | static_cast<std::uint64_t>(index_of(m.to)) << 16 |
         static_cast<std::uint64_t>(m.kind) << 32 | static_cast<std::uint64_t>(index_of(m.promotion)) << 40 |
         static_cast<std::uint64_t>(m.castle) << 48;
}

}  // namespace

// ---- table -------------------------------------------------------------------
enum class Bound : std::uint8_t { kNone, kExact, kLower, kUpper };

struct Entry {
  std::uint64_t key = 0;
  int value = 0;
  std::int16_t depth = -1;
  Bound bound = Bound::kNone;
  Move move;
};

const char* to_string(Family f) {
  switch (f) {
    case Family::kAuto: return "auto";
    case Family::kTwoSided: return "two-sided";
    case Family::kParanoid: return "paranoid";
    case Family::kMaxN: return "maxn";
    case Family::kBestReply: return "brs";
  }
  return "?";
}

Family family_for(const core::RuleSet& rules) {
  if (rules.seat_count() <= 2 || rules.relations.kind == core::RelationsKind::kFixedTeams) return Family::kTwoSided;
  return Family::kParanoid;
}

std::int64_t budget_from_clock(std::int64_t remaining_us, std::int64_t increment_us, int moves_to_go) {
  if (remaining_us <= 0) return 1000;
  int togo = moves_to_go > 0 ? moves_to_go : 30;
  std::int64_t b = remaining_us / togo + increment_us * 3 / 4;
  return std::clamp<std::int64_t>(b, 1000, remaining_us / 2 > 1000 ? remaining_us / 2 : 1000);
}

std::int64_t budget_reserve_us(std::int64_t budget_us) {
  constexpr std::int64_t kMostReserveUs = 50000;
  return budget_us <= 0 ? 0 : std::min(budget_us / 10, kMostReserveUs);
}

struct Engine::Impl {
  std::vector<Entry> table;
  // Per search.
  const core::RuleSet* rules = nullptr;
  std::unique_ptr<Evaluator> eval;
  std::optional<bool> eval_opening;  // what eval was made with
  GameAdapter* g = nullptr;
  Family family = Family::kTwoSided;
  Seat root = core::kNoSeat;
  std::uint64_t root_key = 0;
  SearchOptions opt;
  const Limits* lim = nullptr;
  std::int64_t deadline_us = 0;  // the budget less its reserve; 0: none
  std::uint64_t nodes = 0;
  bool aborted = false;
  std::array<std::array<Move, 2>, kMaxPly> killers{};
  std::vector<int> history = std::vector<int>(static_cast<std::size_t>(core::kMaxSquares) * core::kMaxSquares);
  std::array<std::array<Move, kMaxPly>, kMaxPly> pv{};
  std::array<int, kMaxPly> pv_len{};

  // ---- values ----
  bool ours(Seat s) const {
    if (family == Family::kTwoSided) return s == root || g->teammates(s, root);
    return s == root;
  }
  // The root's side's value of per-seat values.
  int side_value(const SeatValues& v) const {
    int n = g->seat_count();
    if (family == Family::kTwoSided) {
      int sum = 0;
      for (int i = 0; i < n; ++i) sum += ours(core::seat_at(i)) ? v[static_cast<std::size_t>(i)] : -v[static_cast<std::size_t>(i)];
      return sum;
    }
    int best = -kInf, total = 0, count = 0;
    for (int i = 0; i < n; ++i) {
      if (core::seat_at(i) == root) continue;
      best = std::max(best, v[static_cast<std::size_t>(i)]);
      total += v[static_cast<std::size_t>(i)];
      ++count;
    }
    if (count == 0) return v[static_cast<std::size_t>(index_of(root))];
    return v[static_cast<std::size_t>(index_of(root))] - (best + total / count) / 2;
  }
  int leaf(int ply) const {
    int v = side_value(eval->evaluate(*g));
    // A win sooner is worth more, a loss later less.
    if (v > kWin / 2) v -= ply;
    if (v < -kWin / 2) v += ply;
    return v;
  }
  bool out_of_budget() {
    if (aborted) return true;
    if (lim->max_nodes && nodes >= lim->max_nodes) aborted = true;
    if ((nodes & 255) == 0) {
      if (lim->stop && lim->stop->load(std::memory_order_relaxed)) aborted = true;
      if (deadline_us > 0 && lim->elapsed_us && lim->elapsed_us() >= deadline_us) aborted = true;
    }
    return aborted;
  }

  // Not worth starting a depth that cannot finish in the time left: a search
  // bounded by time alone stops after a depth that ended past half the time
  // it may use, its deadline (the budget less its reserve, session 21; session
  // 22: it was half the budget, so a depth ending between the two halves
  // started another that the deadline cut). A search with a node bound does
  // not (session 20): its bound decides where it stops, the budget only cuts
  // it, so the same bound gives the same move on a machine fast enough for
  // it, however its clock reads.
  bool past_half_budget() const {
    return lim->max_nodes == 0 && deadline_us > 0 && lim->elapsed_us && lim->elapsed_us() * 2 > deadline_us;
  }

  // ---- table ----
  std::uint64_t key() const { return g->hash() ^ root_key; }
  Entry& slot(std::uint64_t k) { return table[k % table.size()]; }
  // A won or lost value is stored as the distance from this node, not from
  // the root, so that it stays true when the node is reached at another ply.
  static int to_table(int v, int ply) { return v > kWin / 2 ? v + ply : v < -kWin / 2 ? v - ply : v; }
  static int from_table(int v, int ply) { return v > kWin / 2 ? v - ply : v < -kWin / 2 ? v + ply : v; }
  // The table's move for key k, and (when `may_cut`) true with its value v
  // when the entry is deep enough and its bound decides the window.
  bool probe(std::uint64_t k, int depth, int alpha, int beta, int ply, bool may_cut, Move& tt_move, bool& have_tt, int& v) {
    const Entry& e = slot(k);
    if (e.key != k) return false;
    tt_move = e.move;
    have_tt = e.bound != Bound::kNone;
    if (!may_cut || e.depth < depth) return false;
    v = from_table(e.value, ply);
    return e.bound == Bound::kExact || (e.bound == Bound::kLower && v >= beta) || (e.bound == Bound::kUpper && v <= alpha);
  }
  void store(std::uint64_t k, int depth, int value, Bound b, const Move& m, int ply) {
    Entry& e = slot(k);
    if (e.key == k && e.depth > depth && b != Bound::kExact) return;
    e = Entry{k, to_table(value, ply), static_cast<std::int16_t>(depth), b, m};
  }

  // ---- ordering ----
  int score_move(const Move& m, const Move& tt_move, bool have_tt, int ply) const {
    if (have_tt && m == tt_move) return 1 << 30;
    core::Piece victim = g->captured_by(m);
    int s = 0;
    if (!victim.empty()) {
      core::Piece mover = g->position().at(m.from);
      int attacker = mover.empty() ? 0 : eval->piece_value(mover.kind);
      s = (1 << 24) + eval->piece_value(victim.kind) * 16 - attacker / 16 + 4000 * 16;
    }
    if (m.promotion != core::kNoKind) s += (1 << 23) + eval->piece_value(m.promotion);
    if (s == 0 && ply < kMaxPly) {
      if (m == killers[static_cast<std::size_t>(ply)][0]) return 1 << 22;
      if (m == killers[static_cast<std::size_t>(ply)][1]) return (1 << 22) - 1;
      if (is_valid(m.from) && is_valid(m.to)) s = history[static_cast<std::size_t>(index_of(m.from) * core::kMaxSquares + index_of(m.to))];
    }
    return s;
  }
  void order(MoveList& moves, std::array<int, MoveList::kCapacity>& scores, const Move& tt_move, bool have_tt, int ply) {
    for (std::size_t i = 0; i < moves.size(); ++i) scores[i] = score_move(moves[i], tt_move, have_tt, ply);
    // Insertion sort, best first (stable: the generator's order breaks ties).
    for (std::size_t i = 1; i < moves.size(); ++i) {
      Move m = moves[i];
      int s = scores[i];
      std::size_t j = i;
      while (j > 0 && scores[j - 1] < s) {
        moves[j] = moves[j - 1];
        scores[j] = scores[j - 1];
        --j;
      }
      moves[j] = m;
      scores[j] = s;
    }
  }
  void reward(const Move& m, int depth, int ply) {
    if (!g->captured_by(m).empty() || m.promotion != core::kNoKind) return;
    if (ply < kMaxPly && !(killers[static_cast<std::size_t>(ply)][0] == m)) {
      killers[static_cast<std::size_t>(ply)][1] = killers[static_cast<std::size_t>(ply)][0];
      killers[static_cast<std::size_t>(ply)][0] = m;
    }
    if (is_valid(m.from) && is_valid(m.to)) {
      int& h = history[static_cast<std::size_t>(index_of(m.from) * core::kMaxSquares + index_of(m.to))];
      h = std::min(h + depth * depth, 1 << 20);
    }
  }
  void set_pv(int ply, const Move& m) {
    auto p = static_cast<std::size_t>(ply);
    pv[p][0] = m;
    int child = ply + 1 < kMaxPly ? pv_len[p + 1] : 0;
    for (int i = 0; i < child && i + 1 < kMaxPly; ++i) pv[p][static_cast<std::size_t>(i + 1)] = pv[p + 1][static_cast<std::size_t>(i)];
    pv_len[p] = std::min(child + 1, kMaxPly);
  }

  // Takes the value v of move m at a maximising (or minimising) node: the
  // best so far and the window. True when the window closed (a cut; the move
  // is rewarded).
  bool take(int v, const Move& m, bool maximise, int& best, Move& best_move, int& alpha, int& beta, int depth, int ply) {
    if (maximise ? v > best : v < best) {
      best = v;
      best_move = m;
      set_pv(ply, m);
      if (maximise) alpha = std::max(alpha, v);
      else beta = std::min(beta, v);
    }
    if (alpha < beta) return false;
    reward(m, depth, ply);
    return true;
  }

  // The root's first order: captures and promotions first (as order()),
  // then every move by the evaluation of the position it makes, so that
  // moves the search values alike go to the one the evaluation prefers,
  // never to the generator's order (a2-a4 before e2-e4). One evaluation
  // per root move, not counted as nodes.
  void order_root(MoveList& moves) {
    std::array<std::pair<int, int>, MoveList::kCapacity> keys{};
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move& m = moves[i];
      const bool noisy = !g->captured_by(m).empty() || m.promotion != core::kNoKind;
      const int first = noisy ? score_move(m, Move{}, false, 0) : 0;
      g->make(m);
      keys[i] = {first, leaf(1)};
      g->unmake();
    }
    std::array<std::size_t, MoveList::kCapacity> idx{};
    for (std::size_t i = 0; i < moves.size(); ++i) idx[i] = i;
    std::stable_sort(idx.begin(), idx.begin() + static_cast<std::ptrdiff_t>(moves.size()),
                     [&keys](std::size_t a, std::size_t b) { return keys[a] > keys[b]; });
    MoveList sorted;
    for (std::size_t i = 0; i < moves.size(); ++i) sorted.push(moves[idx[i]]);
    moves = sorted;
  }

  // ---- alpha-beta (two-sided and paranoid) ----
  int alphabeta(int depth, int alpha, int beta, int ply) {
    pv_len[static_cast<std::size_t>(ply)] = 0;
    ++nodes;
    if (out_of_budget()) return 0;
    if (g->over() || ply >= kMaxPly - 2) return leaf(ply);
    bool check = g->in_check(g->to_move());
    if (check && ply < 2 * 32) ++depth;  // check extension
    if (depth <= 0) return opt.quiescence ? quiesce(alpha, beta, ply, 0) : leaf(ply);
    std::uint64_t k = key();
    Move tt_move;
    bool have_tt = false;
    if (int v = 0; probe(k, depth, alpha, beta, ply, ply > 0, tt_move, have_tt, v)) return v;
    MoveList moves;
    g->legal_moves(moves);
    if (moves.empty()) return leaf(ply);
    std::array<int, MoveList::kCapacity> scores;
    order(moves, scores, tt_move, have_tt, ply);
    bool maximise = ours(g->to_move());
    int a0 = alpha, b0 = beta;
    int best = maximise ? -kInf : kInf;
    Move best_move = moves[0];
    for (const Move& m : moves) {
      g->make(m);
      int v = alphabeta(depth - 1, alpha, beta, ply + 1);
      g->unmake();
      if (aborted) return 0;
      if (take(v, m, maximise, best, best_move, alpha, beta, depth, ply)) break;
    }
    if (best == kInf || best == -kInf) return leaf(ply);
    Bound b = best <= a0 ? Bound::kUpper : best >= b0 ? Bound::kLower : Bound::kExact;
    store(k, depth, best, b, best_move, ply);
    return best;
  }

  // Captures and promotions (and checks at its first ply) until quiet; the
  // side to move may stand pat unless in check.
  int quiesce(int alpha, int beta, int ply, int qdepth) {
    pv_len[static_cast<std::size_t>(ply)] = 0;
    ++nodes;
    if (out_of_budget()) return 0;
    if (g->over() || ply >= kMaxPly - 2) return leaf(ply);
    bool maximise = ours(g->to_move());
    bool check = g->in_check(g->to_move());
    int stand = leaf(ply);
    if (!check || qdepth >= kMaxQuiescence) {
      if (maximise) {
        if (stand >= beta || qdepth >= kMaxQuiescence) return stand;
        alpha = std::max(alpha, stand);
      } else {
        if (stand <= alpha || qdepth >= kMaxQuiescence) return stand;
        beta = std::min(beta, stand);
      }
    }
    MoveList all;
    g->legal_moves(all);
    if (all.empty()) return stand;
    MoveList moves;
    for (const Move& m : all) {
      bool noisy = !g->captured_by(m).empty() || m.promotion != core::kNoKind;
      if (check || noisy || (qdepth == 0 && g->gives_check(m))) moves.push(m);
    }
    std::array<int, MoveList::kCapacity> scores;
    order(moves, scores, Move{}, false, ply);
    int best = check ? (maximise ? -kInf : kInf) : stand;
    for (const Move& m : moves) {
      g->make(m);
      int v = quiesce(alpha, beta, ply + 1, qdepth + 1);
      g->unmake();
      if (aborted) return 0;
      if (maximise ? v > best : v < best) {
        best = v;
        set_pv(ply, m);
        if (maximise) alpha = std::max(alpha, v);
        else beta = std::min(beta, v);
      }
      if (alpha >= beta) break;
    }
    if (best == kInf || best == -kInf) return stand;
    return best;
  }

  // ---- best-reply search ----
  // `root_turn`: the root seat moves (the top game has it to move); else
  // the opponents' layer: every move of every opponent still playing, each
  // made out of turn, after which the root moves again.
  int brs(int depth, int alpha, int beta, int ply, bool root_turn) {
    pv_len[static_cast<std::size_t>(ply)] = 0;
    ++nodes;
    if (out_of_budget()) return 0;
    if (g->over() || ply >= kMaxPly - 2 || !g->plays(root)) return leaf(ply);
    if (depth <= 0) return opt.quiescence ? quiesce(alpha, beta, ply, 0) : leaf(ply);
    std::uint64_t k = key() ^ (root_turn ? 0 : 0xD6E8FEB86659FD93ULL);
    Move tt_move;
    bool have_tt = false;
    if (int v = 0; probe(k, depth, alpha, beta, ply, true, tt_move, have_tt, v)) return v;
    int a0 = alpha, b0 = beta;
    int best = root_turn ? -kInf : kInf;
    Move best_move;
    std::array<int, MoveList::kCapacity> scores;
    if (root_turn) {
      MoveList moves;
      g->legal_moves(moves);
      if (moves.empty()) return leaf(ply);
      order(moves, scores, tt_move, have_tt, ply);
      best_move = moves[0];
      for (const Move& m : moves) {
        g->make(m);
        int v = brs(depth - 1, alpha, beta, ply + 1, false);
        g->unmake();
        if (aborted) return 0;
        if (take(v, m, true, best, best_move, alpha, beta, depth, ply)) break;
      }
    } else {
      for (int i = 0; i < g->seat_count() && alpha < beta; ++i) {
        Seat y = core::seat_at(i);
        if (y == root || !g->plays(y)) continue;
        bool pushed = y != g->to_move();
        if (pushed) g->push_turn(y);
        MoveList moves;
        g->legal_moves(moves);
        order(moves, scores, tt_move, have_tt, ply);
        for (const Move& m : moves) {
          g->make(m);
          int v = 0;
          if (g->over() || !g->plays(root)) {
            v = leaf(ply + 1);
          } else {
            bool back = g->to_move() != root;
            if (back) g->push_turn(root);
            v = brs(depth - 1, alpha, beta, ply + 1, true);
            if (back) g->pop_turn();
          }
          g->unmake();
          if (aborted || take(v, m, false, best, best_move, alpha, beta, depth, ply)) break;
        }
        if (pushed) g->pop_turn();
        if (aborted) return 0;
      }
    }
    if (best == kInf || best == -kInf) return leaf(ply);
    Bound b = best <= a0 ? Bound::kUpper : best >= b0 ? Bound::kLower : Bound::kExact;
    store(k, depth, best, b, best_move, ply);
    return best;
  }

  // ---- max^n ----
  SeatValues leaf_values(int ply) const {
    SeatValues v = eval->evaluate(*g);
    for (int& x : v) {
      if (x > kWin / 2) x -= ply;
      if (x < -kWin / 2) x += ply;
    }
    return v;
  }
  SeatValues maxn(int depth, int ply, int qdepth) {
    pv_len[static_cast<std::size_t>(ply)] = 0;
    ++nodes;
    if (out_of_budget() || g->over() || ply >= kMaxPly - 2) return leaf_values(ply);
    bool quiet = depth <= 0;
    if (quiet && (!opt.quiescence || qdepth >= kMaxQuiescence)) return leaf_values(ply);
    auto me = static_cast<std::size_t>(index_of(g->to_move()));
    std::uint64_t k = key();
    Entry& e = slot(k);
    bool have_tt = !quiet && e.key == k;
    Move tt_move = have_tt ? e.move : Move{};
    MoveList all;
    g->legal_moves(all);
    if (all.empty()) return leaf_values(ply);
    MoveList moves;
    bool check = g->in_check(g->to_move());
    for (const Move& m : all) {
      if (!quiet || check || !g->captured_by(m).empty() || m.promotion != core::kNoKind) moves.push(m);
    }
    std::array<int, MoveList::kCapacity> scores;
    order(moves, scores, tt_move, have_tt, ply);
    SeatValues best{};
    bool any = false;
    if (quiet && !check) {
      best = leaf_values(ply);
      any = true;
    }
    Move best_move;
    for (const Move& m : moves) {
      g->make(m);
      SeatValues v = maxn(depth - 1, ply + 1, quiet ? qdepth + 1 : 0);
      g->unmake();
      if (aborted) return best;
      if (!any || v[me] > best[me]) {
        best = v;
        best_move = m;
        any = true;
        set_pv(ply, m);
      }
    }
    if (!any) return leaf_values(ply);
    if (!quiet) store(k, depth, 0, Bound::kNone, best_move, ply);
    return best;
  }

  // ---- root ----
  int noise(const Move& m) const {
    if (opt.noise_cp <= 0) return 0;
    std::uint64_t r = mix(opt.seed ^ mix(g->hash() ^ move_key(m)));
    return static_cast<int>(r % static_cast<std::uint64_t>(2 * opt.noise_cp + 1)) - opt.noise_cp;
  }
  // One iteration at the root; false when aborted before any move was valued.
  bool root_iteration(int depth, MoveList& moves, SearchResult& out) {
    std::array<int, MoveList::kCapacity> values{};
    std::size_t done = 0;
    int alpha = -kInf;
    int best = -kInf;
    std::size_t best_i = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const bool preferred = opt.prefer && *opt.prefer == moves[i];
      g->make(moves[i]);
      int v = 0;
      if (family == Family::kMaxN) {
        v = side_value(maxn(depth - 1, 1, 0));
      } else if (family == Family::kBestReply) {
        int a = opt.noise_cp > 0 ? -kInf : alpha;
        v = brs(depth - 1, a, kInf, 1, false);
      } else {
        // With noise every root move needs its exact value; the preferred
        // move (SearchOptions::prefer) one that tells a tie from a loss.
        int a = opt.noise_cp > 0 ? -kInf : (preferred && alpha > -kInf ? alpha - 1 : alpha);
        v = alphabeta(depth - 1, a, kInf, 1);
      }
      g->unmake();
      if (aborted) break;
      v += noise(moves[i]);
      values[i] = v;
      ++done;
      if (v > best || (preferred && v == best)) {
        best = v;
        best_i = i;
        alpha = std::max(alpha, v);
        pv[0][0] = moves[i];
        for (int j = 0; j < pv_len[1] && j + 1 < kMaxPly; ++j) pv[0][static_cast<std::size_t>(j + 1)] = pv[1][static_cast<std::size_t>(j)];
        pv_len[0] = std::min(pv_len[1] + 1, kMaxPly);
      }
    }
    if (best == -kInf) return false;  // not one move valued before the budget ran out
    out.best = moves[best_i];
    out.value = best;
    out.pv.assign(pv[0].begin(), pv[0].begin() + pv_len[0]);
    // The next iteration starts with this one's best, then by value.
    std::vector<std::pair<int, std::size_t>> rank;
    for (std::size_t i = 0; i < moves.size(); ++i) rank.emplace_back(i < done ? values[i] : -kInf, i);
    std::stable_sort(rank.begin(), rank.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    MoveList sorted;
    for (const auto& r : rank) sorted.push(moves[r.second]);
    moves = sorted;
    return true;
  }
};

Engine::Engine(std::size_t table_mb) : impl_(std::make_unique<Impl>()) {
  std::size_t n = std::max<std::size_t>(1, table_mb * 1024 * 1024 / sizeof(Entry));
  impl_->table.assign(n, Entry{});
}

Engine::~Engine() = default;

void Engine::clear() {
  std::fill(impl_->table.begin(), impl_->table.end(), Entry{});
  std::fill(impl_->history.begin(), impl_->history.end(), 0);
}

std::size_t Engine::table_entries() const { return impl_->table.size(); }

SearchResult Engine::search(const core::Game& game, const Limits& limits, const SearchOptions& options) {
  Impl& s = *impl_;
  GameAdapter adapter(game);
  s.g = &adapter;
  if (s.rules != &adapter.rules() || !s.eval || s.eval_opening != options.opening_terms) {
    s.rules = &adapter.rules();
    s.eval_opening = options.opening_terms;
    s.eval = std::make_unique<Evaluator>(adapter.rules(), options.opening_terms);
  }
  s.family = options.family == Family::kAuto ? family_for(adapter.rules()) : options.family;
  s.root = options.perspective == core::kNoSeat ? adapter.to_move() : options.perspective;
  if (s.family == Family::kMaxN && s.root != adapter.to_move()) s.family = family_for(adapter.rules());
  if (s.family == Family::kBestReply && (s.root != adapter.to_move() || !adapter.out_of_turn_ok())) s.family = Family::kParanoid;
  s.root_key = mix(static_cast<std::uint64_t>(index_of(s.root)) + 16 * static_cast<std::uint64_t>(s.family) + 1);
  s.opt = options;
  s.lim = &limits;
  s.deadline_us = limits.budget_us > 0 ? std::max<std::int64_t>(1, limits.budget_us - budget_reserve_us(limits.budget_us)) : 0;
  s.nodes = 0;
  s.aborted = false;
  for (auto& k : s.killers) k = {};
  for (int& h : s.history) h /= 8;

  SearchResult out;
  out.family = s.family;
  MoveList moves;
  adapter.legal_moves(moves);
  if (moves.empty()) return out;
  out.best = moves[0];  // something legal even if the budget is gone at once
  // Root order: captures and promotions first, then by the evaluation.
  s.order_root(moves);
  int max_depth = std::clamp(limits.max_depth, 1, kMaxPly - 8);
  if (s.root != adapter.to_move()) {
    // Another seat's view: the plain alpha-beta from the root, depth by depth.
    for (int depth = 1; depth <= max_depth; ++depth) {
      int v = s.alphabeta(depth, -kInf, kInf, 0);
      if (s.aborted) break;
      out.value = v;
      out.depth = depth;
      if (s.pv_len[0] > 0) {
        out.best = s.pv[0][0];
        out.pv.assign(s.pv[0].begin(), s.pv[0].begin() + s.pv_len[0]);
      }
      if (s.past_half_budget()) break;
    }
    out.nodes = s.nodes;
    s.g = nullptr;
    return out;
  }
  for (int depth = 1; depth <= max_depth; ++depth) {
    SearchResult iteration = out;
    bool ok = s.root_iteration(depth, moves, iteration);
    if (ok) {
      out = iteration;
      if (!s.aborted) out.depth = depth;
    }
    if (s.aborted) break;
    if (moves.size() == 1 && depth >= 2) break;  // the only move
    if (std::abs(out.value) > kWin / 2 && depth >= 2) break;  // a forced end found
    if (s.past_half_budget()) break;
  }
  out.nodes = s.nodes;
  s.g = nullptr;
  return out;
}

}  // namespace tabula::engine
