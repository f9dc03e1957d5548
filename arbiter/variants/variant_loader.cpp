#include "variants/variant_loader.h"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "core/fen.h"
#include "files/plain_file.h"
#include "core/fen4.h"
#include "tabula_proto/variant.pb.h"
#include "variants/variant_builder.h"

#ifndef TABULA_INSTALLED_VARIANTS_DIR
#define TABULA_INSTALLED_VARIANTS_DIR "/usr/share/tabula/variants"
#endif
#ifndef TABULA_SOURCE_VARIANTS_DIR
#define TABULA_SOURCE_VARIANTS_DIR ""
#endif

namespace tabula::variants {

namespace pb = google::protobuf;
namespace fs = std::filesystem;
using core::Error;
using core::Seat;
using core::Square;

std::string Diagnostic::to_string() const {
  std::string out = file;
  if (line > 0) out += ":" + std::to_string(line);
  if (line > 0 && column > 0) out += ":" + std::to_string(column);
  out += ": ";
  // A message quotes the file's own text (an id, a letter, a name): its
  // control bytes (a NUL, a terminal escape) are shown as \xNN, never
  // printed (session 15); UTF-8 is left whole.
  static constexpr char kHexDigits[] = "0123456789abcdef";
  for (const char c : message) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x20 || b == 0x7f) {
      out += "\\x";
      out += kHexDigits[b >> 4];
      out += kHexDigits[b & 15];
    } else {
      out += c;
    }
  }
  return out;
}

std::string LoadResult::error_text() const {
  std::string out;
  for (const Diagnostic& d : diagnostics) out += d.to_string() + "\n";
  return out;
}

namespace {

using detail::Builder;
using detail::Locator;
using detail::Parsed;


class Collector : public pb::io::ErrorCollector {
 public:
  Collector(std::string file, std::vector<Diagnostic>& out) : file_(std::move(file)), out_(out) {}
  void AddError(int line, pb::io::ColumnNumber column, const std::string& message) override {
    out_.push_back({file_, line + 1, column + 1, message});
  }
  void AddWarning(int line, pb::io::ColumnNumber column, const std::string& message) override {
    out_.push_back({file_, line + 1, column + 1, "warning: " + message});
  }

 private:
  std::string file_;
  std::vector<Diagnostic>& out_;
};

// A variant file is read only if it is a plain file (or a link to one) of
// at most kMaxVariantFileBytes (session 15, the attacker's round: a FIFO
// named X.txtpb made `tabula check` and every loader of the directory wait
// for ever, a link to /dev/zero read without end, a directory read as an
// empty variant), through the one reader (files/plain_file.h, session 16).
// "" when read, else why not (after "PATH: ").
constexpr std::size_t kMaxVariantFileBytes = 1 << 20;  // the shipped files are under 7 KB

std::string read_file(const std::string& path, std::string& out) {
  files::PlainFile f = files::read_plain_file(path, kMaxVariantFileBytes, "a variant file");
  out = std::move(f.text);
  return f.why;
}

std::unique_ptr<Parsed> parse(const std::string& text, const std::string& file,
                              std::vector<Diagnostic>& diags) {
  auto p = std::make_unique<Parsed>();
  p->file = file;
  p->tree = std::make_unique<pb::TextFormat::ParseInfoTree>();
  Collector collector(file, diags);
  pb::TextFormat::Parser parser;
  parser.RecordErrorsTo(&collector);
  parser.WriteLocationsTo(p->tree.get());
  parser.AllowUnknownField(false);
  if (!parser.ParseFromString(text, &p->msg)) return nullptr;
  return p;
}

// Copies every field set in src over dst; repeated fields replace the whole
// list, nested messages merge field by field.
void merge_replace(const pb::Message& src, pb::Message& dst) {
  const pb::Reflection* rs = src.GetReflection();
  const pb::Reflection* rd = dst.GetReflection();
  std::vector<const pb::FieldDescriptor*> fields;
  rs->ListFields(src, &fields);
  for (const pb::FieldDescriptor* f : fields) {
    if (f->is_repeated()) {
      rd->ClearField(&dst, f);
      for (int i = 0; i < rs->FieldSize(src, f); ++i) {
        switch (f->cpp_type()) {
          case pb::FieldDescriptor::CPPTYPE_MESSAGE:
            rd->AddMessage(&dst, f)->CopyFrom(rs->GetRepeatedMessage(src, f, i));
            break;
          case pb::FieldDescriptor::CPPTYPE_STRING:
            rd->AddString(&dst, f, rs->GetRepeatedString(src, f, i));
            break;
          case pb::FieldDescriptor::CPPTYPE_INT32:
            rd->AddInt32(&dst, f, rs->GetRepeatedInt32(src, f, i));
            break;
          case pb::FieldDescriptor::CPPTYPE_ENUM:
            rd->AddEnumValue(&dst, f, rs->GetRepeatedEnumValue(src, f, i));
            break;
          case pb::FieldDescriptor::CPPTYPE_BOOL:
            rd->AddBool(&dst, f, rs->GetRepeatedBool(src, f, i));
            break;
          default:
            break;
        }
      }
    } else if (f->cpp_type() == pb::FieldDescriptor::CPPTYPE_MESSAGE) {
      merge_replace(rs->GetMessage(src, f), *rd->MutableMessage(&dst, f));
    } else {
      switch (f->cpp_type()) {
        case pb::FieldDescriptor::CPPTYPE_STRING: rd->SetString(&dst, f, rs->GetString(src, f)); break;
        case pb::FieldDescriptor::CPPTYPE_INT32: rd->SetInt32(&dst, f, rs->GetInt32(src, f)); break;
        case pb::FieldDescriptor::CPPTYPE_ENUM: rd->SetEnumValue(&dst, f, rs->GetEnumValue(src, f)); break;
        case pb::FieldDescriptor::CPPTYPE_BOOL: rd->SetBool(&dst, f, rs->GetBool(src, f)); break;
        default: break;
      }
    }
  }
}

LoadResult load_chain(const std::string& text, const std::string& file, std::vector<std::string> seen,
                      const std::string& start) {
  LoadResult result;
  std::vector<std::unique_ptr<Parsed>> chain;
  auto child = parse(text, file, result.diagnostics);
  if (!child) return result;
  // Parents first: walk `inherits` up, guarding against cycles.
  std::vector<std::unique_ptr<Parsed>> parents;
  const Parsed* cur = child.get();
  seen.push_back(cur->msg.id());
  while (!cur->msg.inherits().empty()) {
    std::string parent_id = cur->msg.inherits();
    if (std::find(seen.begin(), seen.end(), parent_id) != seen.end()) {
      result.diagnostics.push_back({cur->file, 0, 0, "inheritance cycle through \"" + parent_id + "\""});
      return result;
    }
    seen.push_back(parent_id);
    fs::path parent_path = fs::path(cur->file).parent_path() / (parent_id + ".txtpb");
    std::string parent_text;
    if (const std::string why = read_file(parent_path.string(), parent_text); !why.empty()) {
      result.diagnostics.push_back(
          {cur->file, 0, 0, "inherits \"" + parent_id + "\", but " + parent_path.string() + ": " + why});
      return result;
    }
    auto p = parse(parent_text, parent_path.string(), result.diagnostics);
    if (!p) return result;
    parents.push_back(std::move(p));
    cur = parents.back().get();
  }
  variant::Variant merged;
  for (auto it = parents.rbegin(); it != parents.rend(); ++it) {
    merge_replace((*it)->msg, merged);
    chain.push_back(std::move(*it));
  }
  merge_replace(child->msg, merged);
  merged.clear_inherits();
  merged.set_id(child->msg.id());
  chain.push_back(std::move(child));

  Locator locator(chain);
  std::string stem = fs::path(file).stem().string();
  if (!merged.id().empty() && fs::path(file).extension() == ".txtpb" && stem != merged.id()) {
    result.diagnostics.push_back(
        locator.at({{"id"}}, "id \"" + merged.id() + "\" does not match the file name " + stem + ".txtpb"));
  }
  Builder builder(merged, locator, result.diagnostics, start);
  auto rules = builder.build();
  if (result.diagnostics.empty()) result.rules = rules;
  return result;
}

}  // namespace

LoadResult load_text(const std::string& text, const std::string& file_name, const std::string& start) {
  return load_chain(text, file_name, {}, start);
}

LoadResult load_file(const std::string& path, const std::string& start) {
  std::string text;
  if (std::string why = read_file(path, text); !why.empty()) {
    LoadResult r;
    r.diagnostics.push_back({path, 0, 0, std::move(why)});
    return r;
  }
  return load_text(text, path, start);
}

std::string choose_variants_dir(const char* env, const std::string& source,
                                const std::string& installed) {
  if (env != nullptr && *env != '\0') return env;
  std::error_code ec;  // the throwing overload would end the program on EACCES
  if (!source.empty() && fs::is_directory(source, ec)) return source;
  return installed;
}

std::string variants_dir() {
  return choose_variants_dir(std::getenv("TABULA_VARIANTS_DIR"), TABULA_SOURCE_VARIANTS_DIR,
                             TABULA_INSTALLED_VARIANTS_DIR);
}

std::vector<std::string> list_ids() {
  std::vector<std::string> ids;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(variants_dir(), ec)) {
    if (entry.path().extension() == ".txtpb") ids.push_back(entry.path().stem().string());
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

LoadResult load_id(const std::string& id, const std::string& start) {
  for (char c : id) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) {
      LoadResult r;
      r.diagnostics.push_back({id, 0, 0, "not a variant id (letters, digits, - and _ only)"});
      return r;
    }
  }
  fs::path path = fs::path(variants_dir()) / (id + ".txtpb");
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    LoadResult r;
    std::string known;
    for (const auto& k : list_ids()) known += (known.empty() ? "" : ", ") + k;
    r.diagnostics.push_back({id, 0, 0, "unknown variant; known variants: " + known});
    return r;
  }
  return load_file(path.string(), start);
}

std::vector<std::shared_ptr<const core::RuleSet>> load_stages(const std::string& id, const std::string& start,
                                                              std::string& error) {
  LoadResult first = load_id(id, start);
  if (!first.ok()) {
    error = first.error_text();
    return {};
  }
  std::vector<std::shared_ptr<const core::RuleSet>> stages{first.rules};
  while (!stages.back()->next_stage.empty() && stages.size() < 8) {
    LoadResult r = load_id(stages.back()->next_stage.front().variant);
    if (!r.ok()) {
      error = "next stage of " + stages.back()->id + ": " + r.error_text();
      return {};
    }
    stages.push_back(r.rules);
  }
  return stages;
}

RecordStart record_start(const std::string& id, const std::string& start_fen4_tag, const std::string& fen_tag,
                         std::string& error) {
  RecordStart out;
  LoadResult base = load_id(id);
  if (!base.ok()) {
    error = base.error_text();
    return out;
  }
  if (start_fen4_tag.empty() && fen_tag.empty()) out.named = base.rules->untagged_record_start;
  for (const std::string& n : base.rules->start_names) {
    if (n == start_fen4_tag) out.named = n;
  }
  out.rules = base.rules;
  if (!out.named.empty()) {
    LoadResult r = load_id(id, out.named);
    if (!r.ok()) {
      error = r.error_text();
      out.rules.reset();
      return out;
    }
    out.rules = r.rules;
  }
  out.position = out.rules->start_fen;
  if (out.named.empty() && !start_fen4_tag.empty()) out.position = start_fen4_tag;
  if (out.named.empty() && start_fen4_tag.empty() && !fen_tag.empty()) out.position = fen_tag;
  return out;
}

}  // namespace tabula::variants
