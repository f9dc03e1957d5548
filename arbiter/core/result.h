// result.h — errors as values for the rules core (STYLE rule 10: no exceptions).
//
// Error carries a message a person can act on; where it concerns a file or a
// text it also carries the line and column (1-based; 0 = unknown).
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace tabula::core {

struct Error {
  std::string message;
  int line = 0;
  int column = 0;
};

// Either a T or an Error. Deliberately small: ok(), value(), error().
template <typename T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Error error) : v_(std::move(error)) {}  // NOLINT

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const Error& error() const { return std::get<1>(v_); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Error> v_;
};

inline Error make_error(std::string message, int line = 0, int column = 0) {
  return Error{std::move(message), line, column};
}

}  // namespace tabula::core
