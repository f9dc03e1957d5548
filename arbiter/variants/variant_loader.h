// variant_loader.h — variant data files in, immutable RuleSets out.
//
// This target sits outside the pure core: it reads files and uses Protobuf's
// text format (proto/variant.proto). Every problem found — a syntax error, an
// unknown field, a bad value, a square off the board, a start position that
// cannot arise — becomes a Diagnostic naming file, line and column and what
// was expected; the loader keeps going to report as many as it can.
//
// Where variant files are found: the directory named by the environment
// variable TABULA_VARIANTS_DIR, else the arbiter/variants directory of the
// source tree this binary was built from, else variants/ beside the binary's
// share directory (for an installed appliance).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/rule_set.h"

namespace tabula::variants {

struct Diagnostic {
  std::string file;
  int line = 0;    // 1-based; 0 = the whole file
  int column = 0;  // 1-based; 0 = unknown
  std::string message;

  std::string to_string() const;  // "file:line:column: message"
};

struct LoadResult {
  std::shared_ptr<const core::RuleSet> rules;  // null when diagnostics has errors
  std::vector<Diagnostic> diagnostics;

  bool ok() const { return rules != nullptr; }
  std::string error_text() const;  // every diagnostic, one per line
};

// Loads a variant file by path. A file that inherits loads its parent from
// the same directory.
// `start` picks one of the variant's named start arrays ("4PCo"); empty
// means the first (or start_fen when it has none).
LoadResult load_file(const std::string& path, const std::string& start = "");
// Loads a variant from text; `file_name` is used in messages and to find
// parents (its directory).
LoadResult load_text(const std::string& text, const std::string& file_name,
                     const std::string& start = "");
// Loads a shipped variant by id ("chess").
LoadResult load_id(const std::string& id, const std::string& start = "");

// The directory of shipped variant files, and the ids found there, sorted.
std::string variants_dir();
// variants_dir()'s choice: `env` (TABULA_VARIANTS_DIR; null or empty: unset),
// else `source` (this build's arbiter/variants) when it is a directory this
// process can see, else `installed` (cmake --install, the .deb). A source
// path that cannot be looked at (EACCES: an installed kiosk, user tabula, and
// a package built under /root; ELOOP, ENAMETOOLONG) counts as absent.
std::string choose_variants_dir(const char* env, const std::string& source,
                                const std::string& installed);
std::vector<std::string> list_ids();

// A variant and the stages that follow it (004's next_stage chain), as
// core::Match and session::Session take them. Empty on failure, with the
// reason (naming the file, line and column) in `error`.
std::vector<std::shared_ptr<const core::RuleSet>> load_stages(const std::string& id, const std::string& start,
                                                              std::string& error);

// The start of a recorded game (PGN/PGN4) of variant `id`, from its tags: a
// StartFen4 that names one of the variant's start arrays, else a FEN4 or FEN
// in the tags, else (no tag) the variant's `untagged_record_start` or its own.
struct RecordStart {
  std::shared_ptr<const core::RuleSet> rules;  // with the named array, if any
  std::string named;                           // the named array ("" when none)
  std::string position;                        // the start as FEN/FEN4 text
};
// Null `rules` on failure, with the reason in `error`.
RecordStart record_start(const std::string& id, const std::string& start_fen4_tag, const std::string& fen_tag,
                         std::string& error);

}  // namespace tabula::variants
