// A small unit-test framework for upcard's own tests, written for them: the
// course's framework's interface as test files use it (TEST, TEST_MAIN,
// ASSERT_TRUE, ASSERT_FALSE, ASSERT_EQUAL; `-n` or `--show_test_names`
// lists the tests, names on
// the command line run those alone, the exit status says whether all
// passed), not its code.
#pragma once
#include <functional>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

namespace utf {
struct Failure {
  std::string message;
};
inline std::map<std::string, std::function<void()>> &tests() {
  static std::map<std::string, std::function<void()>> all;
  return all;
}
struct Add {
  Add(const char *name, void (*f)()) { tests()[name] = f; }
};
inline int run(int argc, char **argv) {
  if (argc > 1 && (std::string(argv[1]) == "-n" ||
                   std::string(argv[1]) == "--show_test_names")) {
    for (auto &t : tests()) std::cout << t.first << "\n";
    return 0;
  }
  std::map<std::string, std::function<void()>> chosen;
  for (int i = 1; i < argc; ++i) {
    if (!tests().count(argv[i])) {
      std::cout << "Test " << argv[i] << " not found\n";
      return 2;
    }
    chosen[argv[i]] = tests()[argv[i]];
  }
  if (argc == 1) chosen = tests();
  int failed = 0;
  for (auto &t : chosen) {
    std::cout << "Running test: " << t.first << "\n";
    try {
      t.second();
      std::cout << "PASS\n";
    } catch (Failure &f) {
      std::cout << "FAIL\n" << f.message << "\n";
      ++failed;
    }
  }
  return failed ? 1 : 0;
}
}  // namespace utf

#define TEST(name)                                \
  static void name();                             \
  static utf::Add name##_added(#name, name);      \
  static void name()
#define TEST_MAIN() \
  int main(int argc, char **argv) { return utf::run(argc, argv); }
#define ASSERT_TRUE(x) \
  do { if (!(x)) throw utf::Failure{"ASSERT_TRUE(" #x ") failed"}; } while (0)
#define ASSERT_FALSE(x) \
  do { if (x) throw utf::Failure{"ASSERT_FALSE(" #x ") failed"}; } while (0)
#define ASSERT_EQUAL(a, b)                                                 \
  do {                                                                     \
    if (!((a) == (b))) {                                                   \
      std::ostringstream o;                                                \
      o << "ASSERT_EQUAL(" #a ", " #b ") failed: " << (a) << " != " << (b); \
      throw utf::Failure{o.str()};                                         \
    }                                                                      \
  } while (0)
