// upcard's ADT harness, shared part: answers go, one case a line, to the
// standard output the harness was started with; the student's own output
// (cout and cerr alike) goes to standard error, so that a debugging print
// cannot shift the answers. A run is one function (argv[1]) over its
// cases; the Player's cases come on standard input.
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <unistd.h>

static int upcard_results = -1;

static void upcard_put(const std::string &line) {
  std::string s = line;
  s.push_back('\n');
  const char *p = s.data();
  size_t n = s.size();
  while (n > 0) {
    ssize_t w = write(upcard_results, p, n);
    if (w <= 0) {
      _exit(3);
    }
    p += w;
    n -= static_cast<size_t>(w);
  }
}

// A student's string on one line: backslash and line breaks escaped.
static std::string upcard_escape(const std::string &s) {
  std::string out;
  for (char c : s) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else {
      out.push_back(c);
    }
  }
  return out;
}

static void upcard_start() {
  std::cout.flush();
  upcard_results = dup(1);
  if (upcard_results < 0 || dup2(2, 1) < 0) {
    _exit(3);
  }
  // What a student's static initializer printed came before this line.
  upcard_put("upcard-adt-results");
}

static std::string upcard_bool(bool b) { return b ? "1" : "0"; }

static std::string upcard_int(int i) { return std::to_string(i); }

// A euchre card by its index: rank (Nine = 7 .. Ace = 12) * 4 + suit.
static Card upcard_card(int e) { return upcard_make(7 + e / 4, e % 4); }

// A card as "RANK SUIT" numbers (-1 where the student's is none of them).
static std::string upcard_card_words(const Card &c) {
  return upcard_int(upcard_rank_no(c)) + " " + upcard_int(upcard_suit_no(c.get_suit()));
}
