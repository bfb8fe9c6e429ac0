// The Simple player's functions on cases from standard input, one a line
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

// The Simple function named `f` on each case of standard input.
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
