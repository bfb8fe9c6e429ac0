// The Simple and Human players' functions on cases from standard input, one a line
// (derived/player.rs draws them): each case a new player, its hand added
// with add_card, one call (or one a card, until its hand is empty), and the
// answers on one line.

static Player *upcard_player(std::istream &in, int n) {
  Player *p = Player_factory("Upcard", "Simple");
  for (int i = 0; i < n; ++i) {
    int e = 0;
    in >> e;
    p->add_card(upcard_card(e));
  }
  return p;
}

static std::string upcard_make_trump(std::istream &in) {
  Player *p = upcard_player(in, 5);
  int up = 0, dealer = 0, round = 0;
  in >> up >> dealer >> round;
  upcard_suit_t order = upcard_suit(up % 4 == 0 ? 1 : 0);
  bool ordered = p->make_trump(upcard_card(up), dealer != 0, round, order);
  delete p;
  return ordered ? "1 " + upcard_int(upcard_suit_no(order)) : "0";
}

static std::string upcard_add_and_discard(std::istream &in) {
  Player *p = upcard_player(in, 5);
  int up = 0;
  in >> up;
  p->add_and_discard(upcard_card(up));
  std::string out;
  for (int i = 0; i < 5; ++i) {
    out += (i ? " " : "") + upcard_card_words(p->lead_card(upcard_suit(up % 4)));
  }
  delete p;
  return out;
}

static std::string upcard_lead_card(std::istream &in) {
  int n = 0;
  in >> n;
  Player *p = upcard_player(in, n);
  int t = 0;
  in >> t;
  std::string out;
  for (int i = 0; i < n; ++i) {
    out += (i ? " " : "") + upcard_card_words(p->lead_card(upcard_suit(t)));
  }
  delete p;
  return out;
}

static std::string upcard_play_card(std::istream &in) {
  int n = 0;
  in >> n;
  Player *p = upcard_player(in, n);
  int led = 0, t = 0;
  in >> led >> t;
  std::string out;
  for (int i = 0; i < n; ++i) {
    out += (i ? " " : "") + upcard_card_words(p->play_card(upcard_card(led), upcard_suit(t)));
  }
  delete p;
  return out;
}

// The Human player's calls: its standard input the case's script, what it
// prints captured; the harness's own streams are put back after each call
// (and cin's state cleared), whatever the student's code read or wrote.
struct upcard_human_io {
  std::istringstream in;
  std::ostringstream out;
  std::streambuf *cin_was;
  std::streambuf *cout_was;
  explicit upcard_human_io(const std::string &script) : in(script) {
    cin_was = std::cin.rdbuf(in.rdbuf());
    cout_was = std::cout.rdbuf(out.rdbuf());
  }
  ~upcard_human_io() {
    std::cout.rdbuf(cout_was);
    std::cin.rdbuf(cin_was);
    std::cin.clear();
  }
};

// A Human case: its cards, then after ';' the words the user types.
static Player *upcard_human(std::istream &in, int n) {
  Player *p = Player_factory("Ivy", "Human");
  for (int i = 0; i < n; ++i) {
    int e = 0;
    in >> e;
    p->add_card(upcard_card(e));
  }
  return p;
}

// One word a line, as a person types them (a Human that reads by line or
// by word reads the same).
static std::string upcard_script(std::istream &in) {
  std::string rest;
  std::getline(in, rest);
  size_t semi = rest.find(';');
  std::string script;
  std::istringstream words(semi == std::string::npos ? std::string() : rest.substr(semi + 1));
  std::string w;
  while (words >> w) {
    script += w + "\n";
  }
  return script;
}

// An answer: the calls' results, a tab, and what the player printed.
static std::string upcard_human_answer(const std::string &results, const std::string &printed) {
  return results + "\t" + upcard_escape(printed);
}

static std::string upcard_human_make_trump(std::istream &in) {
  Player *p = upcard_human(in, 5);
  int up = 0, dealer = 0, round = 0;
  in >> up >> dealer >> round;
  std::string script = upcard_script(in);
  upcard_suit_t order = upcard_suit(up % 4 == 0 ? 1 : 0);
  bool ordered = false;
  std::string printed;
  {
    upcard_human_io io(script);
    ordered = p->make_trump(upcard_card(up), dealer != 0, round, order);
    printed = io.out.str();
  }
  delete p;
  return upcard_human_answer(ordered ? "1 " + upcard_int(upcard_suit_no(order)) : "0", printed);
}

// add_and_discard, then the hand led back with the user choosing [0]:
// each lead prints the hand it chooses from.
static std::string upcard_human_add_and_discard(std::istream &in) {
  Player *p = upcard_human(in, 5);
  int up = 0;
  in >> up;
  std::string script = upcard_script(in);
  std::string out;
  std::string printed;
  {
    upcard_human_io io(script);
    p->add_and_discard(upcard_card(up));
    for (int i = 0; i < 5; ++i) {
      out += (i ? " " : "") + upcard_card_words(p->lead_card(upcard_suit(up % 4)));
    }
    printed = io.out.str();
  }
  delete p;
  return upcard_human_answer(out, printed);
}

static std::string upcard_human_sequence(std::istream &in, bool led_too) {
  int n = 0;
  in >> n;
  Player *p = upcard_human(in, n);
  int led = 0, t = 0;
  if (led_too) {
    in >> led;
  }
  in >> t;
  std::string script = upcard_script(in);
  std::string out;
  std::string printed;
  {
    upcard_human_io io(script);
    for (int i = 0; i < n; ++i) {
      Card c = led_too ? p->play_card(upcard_card(led), upcard_suit(t))
                       : p->lead_card(upcard_suit(t));
      out += (i ? " " : "") + upcard_card_words(c);
    }
    printed = io.out.str();
  }
  delete p;
  return upcard_human_answer(out, printed);
}

static std::string upcard_human_lead_card(std::istream &in) {
  return upcard_human_sequence(in, false);
}

static std::string upcard_human_play_card(std::istream &in) {
  return upcard_human_sequence(in, true);
}

// The Simple or Human function named `f` on each case of standard input.
static bool upcard_player_function(const std::string &f) {
  std::string (*call)(std::istream &) = nullptr;
  if (f == "make_trump") {
    call = upcard_make_trump;
  } else if (f == "add_and_discard") {
    call = upcard_add_and_discard;
  } else if (f == "lead_card") {
    call = upcard_lead_card;
  } else if (f == "play_card") {
    call = upcard_play_card;
  } else if (f == "human_make_trump") {
    call = upcard_human_make_trump;
  } else if (f == "human_add_and_discard") {
    call = upcard_human_add_and_discard;
  } else if (f == "human_lead_card") {
    call = upcard_human_lead_card;
  } else if (f == "human_play_card") {
    call = upcard_human_play_card;
  } else {
    return false;
  }
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    upcard_put(call(in));
  }
  return true;
}
