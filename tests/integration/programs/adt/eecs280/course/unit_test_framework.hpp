// A small unit-test framework for upcard's tests of `upcard adt`, written
// for them: the course framework's interface and the shape of its output
// (`-n` or `--show_test_names` lists the tests; names on the command line
// run those alone; `*** Results ***` with `** Test case "NAME": FAIL` and
// the failure's line and reason), not its code.
#pragma once
#include <iostream>
#include <map>
#include <iterator>
#include <sstream>
#include <string>

namespace utf {
struct Failure {
  std::string message;
  int line;
};
inline std::map<std::string, void (*)()> &tests() {
  static std::map<std::string, void (*)()> all;
  return all;
}
struct Add {
  Add(const char *name, void (*f)()) { tests()[name] = f; }
};
inline int run(int argc, char **argv) {
  std::map<std::string, void (*)()> chosen;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-n" || a == "--show_test_names") {
      for (auto &t : tests()) std::cout << t.first << "\n";
      return 0;
    }
    if (!tests().count(a)) {
      std::cout << "Test " << a << " not found\n";
      return 2;
    }
    chosen[a] = tests()[a];
  }
  if (argc == 1) chosen = tests();
  std::map<std::string, std::string> failures;
  for (auto &t : chosen) {
    std::cout << "Running test: " << t.first << std::endl;
    try {
      t.second();
      std::cout << "PASS" << std::endl;
    } catch (Failure &f) {
      std::ostringstream m;
      m << "In test " << t.first << ", line " << f.line << ": \n" << f.message;
      failures[t.first] = m.str();
      std::cout << "FAIL" << std::endl;
    }
  }
  std::cout << "\n*** Results ***" << std::endl;
  for (auto &t : chosen) {
    auto f = failures.find(t.first);
    std::cout << "** Test case \"" << t.first << "\": "
              << (f == failures.end() ? "PASS" : "FAIL") << std::endl;
    if (f != failures.end()) std::cout << f->second << "\n" << std::endl;
  }
  std::cout << "*** Summary ***" << std::endl;
  return failures.empty() ? 0 : 1;
}
}  // namespace utf

#define TEST(name)                           \
  static void name();                        \
  static utf::Add name##_added(#name, name); \
  static void name()
#define TEST_MAIN() \
  int main(int argc, char **argv) { return utf::run(argc, argv); }
#define ASSERT_TRUE(x) \
  do { if (!(x)) throw utf::Failure{"false != true", __LINE__}; } while (0)
#define ASSERT_FALSE(x) \
  do { if (x) throw utf::Failure{"true != false", __LINE__}; } while (0)
#define ASSERT_EQUAL(a, b)                    \
  do {                                        \
    if (!((a) == (b))) {                      \
      std::ostringstream o;                   \
      o << (a) << " != " << (b);              \
      throw utf::Failure{o.str(), __LINE__};  \
    }                                         \
  } while (0)
// The course framework's other assertions, which students' tests use.
#define ASSERT_NOT_EQUAL(a, b)                \
  do {                                        \
    if ((a) == (b)) {                         \
      std::ostringstream o;                   \
      o << (a) << " == " << (b);              \
      throw utf::Failure{o.str(), __LINE__};  \
    }                                         \
  } while (0)
#define ASSERT_ALMOST_EQUAL(a, b, eps)                               \
  do {                                                               \
    if (!((a) - (b) <= (eps) && (b) - (a) <= (eps)))                 \
      throw utf::Failure{"values differ by more than eps", __LINE__}; \
  } while (0)
#define ASSERT_SEQUENCE_EQUAL(a, b)                                      \
  do {                                                                   \
    auto ia = std::begin(a), ib = std::begin(b);                         \
    for (; ia != std::end(a) && ib != std::end(b); ++ia, ++ib)           \
      if (!(*ia == *ib)) throw utf::Failure{"sequences differ", __LINE__}; \
    if (ia != std::end(a) || ib != std::end(b))                          \
      throw utf::Failure{"sequences differ in length", __LINE__};        \
  } while (0)
