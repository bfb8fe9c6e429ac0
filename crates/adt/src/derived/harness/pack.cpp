// The Pack's functions: each run makes a pack, does what its name says and
// deals the whole pack, writing before each deal whether it is empty, then
// whether it is empty at the end (derived/pack.rs lists the same).

static void upcard_deal_all(Pack &p) {
  for (int i = 0; i < 24; ++i) {
    bool empty = p.empty();
    Card c = p.deal_one();
    upcard_put(upcard_bool(empty) + " " + upcard_card_words(c));
  }
  upcard_put(upcard_bool(p.empty()));
}

static void upcard_deal(Pack &p, int n) {
  for (int i = 0; i < n; ++i) {
    p.deal_one();
  }
}

// Every function but Pack() starts from the pack on standard input.
static bool upcard_pack_function(const std::string &f) {
  if (f == "Pack()") {
    Pack p;
    upcard_deal_all(p);
    return true;
  }
  if (f != "Pack(istream)" && f != "reset()" && f != "shuffle()" &&
      f != "shuffle() after deals" && f != "shuffle() twice") {
    return false;
  }
  Pack p(std::cin);
  if (f == "Pack(istream)") {
  } else if (f == "reset()") {
    upcard_deal(p, 10);
    p.reset();
  } else if (f == "shuffle()") {
    p.shuffle();
  } else if (f == "shuffle() after deals") {
    upcard_deal(p, 5);
    p.shuffle();
  } else {
    p.shuffle();
    p.shuffle();
  }
  upcard_deal_all(p);
  return true;
}
