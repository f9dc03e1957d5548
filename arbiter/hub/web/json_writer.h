// json_writer.h — JSON text for the browser page (issue 34): a small
// streaming writer, values escaped per RFC 8259 (quotes, backslashes, control
// characters and DEL; '<' as \u003c, so no "</script>"; U+2028/U+2029). The
// text is always UTF-8 (RFC 8259 8.1): a byte of a value that does not start
// a well-formed sequence (invalid bytes, overlong forms, surrogates, a name
// cut inside a character) is written as \ufffd, never passed through.
//
// Usage: w.begin_object(); w.key("board"); w.value("t1"); w.end_object();
// Commas are written by the writer. Misuse (a key outside an object, an
// unbalanced end) is a bug, not input: it asserts.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tabula::hub::web {

std::string json_quote(std::string_view text);  // "..." with escapes

class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view name);
  JsonWriter& value(std::string_view text);
  JsonWriter& value(const char* text) { return value(std::string_view(text)); }
  JsonWriter& value(std::int64_t number);
  JsonWriter& value(int number) { return value(static_cast<std::int64_t>(number)); }
  JsonWriter& value(bool flag);
  JsonWriter& null();
  // Already-encoded JSON (another writer's text), as one value.
  JsonWriter& raw(std::string_view json);

  const std::string& text() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void before_value();
  std::string out_;
  std::vector<bool> first_;  // per open container: nothing written in it yet
  bool after_key_ = false;
};

}  // namespace tabula::hub::web
