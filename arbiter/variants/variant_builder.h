// variant_builder.h — inside the variant loader: one parsed file of an
// inheritance chain, where a value was written (Locator), and the Builder
// that turns the merged Variant message into a RuleSet, reporting every
// problem where it was written. Internal to tabula::variants (not
// installed); variant_loader.h is the interface.
//
// Files: variant_builder.cpp (board, pieces, seats, castling, the start),
// variant_rule_builder.cpp (the rules: pawns, draws, checks, eliminations,
// the ledger, relations, the corners, the rule modules).
#pragma once

#include <google/protobuf/text_format.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/rule_set.h"
#include "tabula_proto/variant.pb.h"
#include "variants/variant_loader.h"

namespace tabula::variants::detail {

namespace pb = google::protobuf;
using core::Seat;
using core::Square;

// One parsed file of an inheritance chain.
struct Parsed {
  std::string file;
  variant::Variant msg;
  std::unique_ptr<pb::TextFormat::ParseInfoTree> tree;
};

// A path to a value in the file: field names with indices (-1: singular).
struct Step {
  const char* field;
  int index = -1;
};

// Finds where a value was written, searching the chain from the child up.
class Locator {
 public:
  explicit Locator(const std::vector<std::unique_ptr<Parsed>>& chain) : chain_(chain) {}

  Diagnostic at(const std::vector<Step>& path, const std::string& message, int extra_column = 0) const {
    // The full path first; when a value has no recorded place (list syntax
    // records only some), the nearest enclosing one.
    for (std::size_t len = path.size(); len > 0; --len) {
      std::vector<Step> sub(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(len));
      for (int attempt = 0; attempt < 2; ++attempt) {
        if (attempt == 1) {
          if (sub.back().index <= 0) break;
          sub.back().index = 0;
        }
        if (auto d = find(sub, message, extra_column)) return *d;
      }
    }
    return {chain_.back()->file, 0, 0, message};
  }

  std::optional<Diagnostic> find(const std::vector<Step>& path, const std::string& message,
                                 int extra_column) const {
    for (auto it = chain_.rbegin(); it != chain_.rend(); ++it) {
      const pb::TextFormat::ParseInfoTree* tree = (*it)->tree.get();
      const pb::Descriptor* desc = variant::Variant::descriptor();
      pb::TextFormat::ParseLocation loc;
      bool found = true;
      for (std::size_t i = 0; i < path.size() && found; ++i) {
        const pb::FieldDescriptor* f = desc ? desc->FindFieldByName(path[i].field) : nullptr;
        if (!f) {
          found = false;
          break;
        }
        int index = f->is_repeated() ? std::max(path[i].index, 0) : -1;
        if (i + 1 == path.size()) {
          loc = tree->GetLocation(f, index);
          found = loc.line >= 0;
        } else {
          tree = tree->GetTreeForNested(f, index);
          desc = f->message_type();
          found = tree != nullptr && desc != nullptr;
        }
      }
      if (found) return Diagnostic{(*it)->file, loc.line + 1, loc.column + 1 + extra_column, message};
    }
    return std::nullopt;
  }

 private:
  const std::vector<std::unique_ptr<Parsed>>& chain_;
};

core::Facing facing_of(variant::Edge e);
// Squares at a given distance (1 = back rank) from a seat's own edge.
core::SquareSet relative_rank(const core::Geometry& g, core::Facing facing, int rank);
// Squares at a given file counted from a seat's own left (1 = his leftmost).
core::SquareSet relative_file(const core::Geometry& g, core::Facing facing, int file);

class Builder {
 public:
  Builder(const variant::Variant& v, const Locator& loc, std::vector<Diagnostic>& diags,
          std::string start)
      : v_(v), loc_(loc), diags_(diags), start_(std::move(start)) {}

  std::shared_ptr<core::RuleSet> build();

 private:
  void error(const std::vector<Step>& path, const std::string& message, int extra_column = 0) {
    diags_.push_back(loc_.at(path, message, extra_column));
  }
  Square square(const std::string& name, const std::vector<Step>& path, const std::string& what);
  Seat seat(const std::string& name, const std::vector<Step>& path);
  core::PieceKind piece(const std::string& name, const std::vector<Step>& path);
  core::SquareSet zone(const variant::Zone& z, core::Facing facing, const std::vector<Step>& path);
  void build_board();
  void build_pieces();
  void build_seats();
  void build_castling();
  void build_castling_for(const std::string& fen, bool chosen);
  void build_rules();
  void build_start();
  void build_corners();
  void build_modules();  // after the rules and the corners: checks the data needs them

  const variant::Variant& v_;
  const Locator& loc_;
  std::vector<Diagnostic>& diags_;
  void choose_start();
  Square start_king(Seat seat, const std::string& fen);

  std::shared_ptr<core::RuleSet> rs_ = std::make_shared<core::RuleSet>();
  std::string start_;
  std::vector<Step> start_path_{{"start_fen"}};
};

}  // namespace tabula::variants::detail
