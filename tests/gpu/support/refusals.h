// Table tests of refused inputs: variants of one good input, each changed in one way, that a
// check must refuse as input errors whose messages name the problem.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "liquidfx/core/result.h"

namespace lfx::test {

template <class Input>
class Refusals {
 public:
  explicit Refusals(const Input& good) : good_(good) {}

  /// The good input with `change` applied; refused with `message` in the error's text.
  template <class Change>
  void add(const char* what, const char* message, Change change) {
    Input input = good_;
    change(input);
    cases_.push_back({what, message, input});
  }

  /// Runs `check` (Input -> Result<void>) on every case.
  template <class Check>
  void expect_refused_by(Check check) const {
    for (const Case& c : cases_) {
      const Result<void> checked = check(c.input);
      ASSERT_FALSE(checked) << c.what;
      EXPECT_NE(checked.error().message.find(c.message), std::string::npos)
          << c.what << ": " << checked.error().message;
      EXPECT_EQ(checked.error().kind, ErrorKind::input) << c.what;
    }
  }

 private:
  struct Case {
    const char* what;
    const char* message;
    Input input;
  };
  Input good_;
  std::vector<Case> cases_;
};

}  // namespace lfx::test
