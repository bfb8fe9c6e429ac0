// The Card functions, each over its whole domain: the 24 cards of a euchre
// pack (e = rank * 4 + suit), the four suits as trump and as the led card's.
// The loops' order is the order upcard's cases are listed in (derived/card.rs).

static void upcard_each_card(std::string (*f)(const Card &)) {
  for (int e = 0; e < 24; ++e) {
    upcard_put(f(upcard_card(e)));
  }
}

static void upcard_each_trump_card(std::string (*f)(const Card &, upcard_suit_t)) {
  for (int t = 0; t < 4; ++t) {
    for (int e = 0; e < 24; ++e) {
      upcard_put(f(upcard_card(e), upcard_suit(t)));
    }
  }
}

static void upcard_each_pair(bool (*f)(const Card &, const Card &)) {
  for (int a = 0; a < 24; ++a) {
    for (int b = 0; b < 24; ++b) {
      upcard_put(upcard_bool(f(upcard_card(a), upcard_card(b))));
    }
  }
}

static bool upcard_lt(const Card &a, const Card &b) { return a < b; }
static bool upcard_gt(const Card &a, const Card &b) { return a > b; }
static bool upcard_eq(const Card &a, const Card &b) { return a == b; }
static bool upcard_ne(const Card &a, const Card &b) { return a != b; }
#if UPCARD_HAS_LE
static bool upcard_le(const Card &a, const Card &b) { return a <= b; }
static bool upcard_ge(const Card &a, const Card &b) { return a >= b; }
#endif

static void upcard_card_less() {
  for (int t = 0; t < 4; ++t) {
    for (int a = 0; a < 24; ++a) {
      for (int b = 0; b < 24; ++b) {
        upcard_put(upcard_bool(Card_less(upcard_card(a), upcard_card(b), upcard_suit(t))));
      }
    }
  }
}

static void upcard_card_less_led() {
  for (int t = 0; t < 4; ++t) {
    for (int l = 0; l < 24; ++l) {
      for (int a = 0; a < 24; ++a) {
        for (int b = 0; b < 24; ++b) {
          upcard_put(upcard_bool(
              Card_less(upcard_card(a), upcard_card(b), upcard_card(l), upcard_suit(t))));
        }
      }
    }
  }
}

template <typename T> static std::string upcard_printed(const T &x) {
  std::ostringstream os;
  os << x;
  return upcard_escape(os.str());
}

static bool upcard_card_function(const std::string &f) {
  if (f == "Card()") {
    upcard_put(upcard_card_words(Card()));
  } else if (f == "Card(rank, suit)") {
    upcard_each_card([](const Card &c) { return upcard_card_words(c); });
  } else if (f == "get_suit(trump)") {
    upcard_each_trump_card(
        [](const Card &c, upcard_suit_t t) { return upcard_int(upcard_suit_no(c.get_suit(t))); });
  } else if (f == "is_face_or_ace") {
    upcard_each_card([](const Card &c) { return upcard_bool(c.UPCARD_IS_FACE()); });
  } else if (f == "is_right_bower") {
    upcard_each_trump_card(
        [](const Card &c, upcard_suit_t t) { return upcard_bool(c.is_right_bower(t)); });
  } else if (f == "is_left_bower") {
    upcard_each_trump_card(
        [](const Card &c, upcard_suit_t t) { return upcard_bool(c.is_left_bower(t)); });
  } else if (f == "is_trump") {
    upcard_each_trump_card(
        [](const Card &c, upcard_suit_t t) { return upcard_bool(c.is_trump(t)); });
  } else if (f == "operator<") {
    upcard_each_pair(upcard_lt);
  } else if (f == "operator>") {
    upcard_each_pair(upcard_gt);
  } else if (f == "operator==") {
    upcard_each_pair(upcard_eq);
  } else if (f == "operator!=") {
    upcard_each_pair(upcard_ne);
#if UPCARD_HAS_LE
  } else if (f == "operator<=") {
    upcard_each_pair(upcard_le);
  } else if (f == "operator>=") {
    upcard_each_pair(upcard_ge);
#endif
  } else if (f == "Suit_next") {
    for (int t = 0; t < 4; ++t) {
      upcard_put(upcard_int(upcard_suit_no(Suit_next(upcard_suit(t)))));
    }
  } else if (f == "Card_less(trump)") {
    upcard_card_less();
  } else if (f == "Card_less(led_card, trump)") {
    upcard_card_less_led();
  } else if (f == "operator<<(Card)") {
    upcard_each_card([](const Card &c) { return upcard_printed(c); });
#if UPCARD_HAS_STREAMS
  } else if (f == "operator>>(Card)") {
    for (int e = 0; e < 24; ++e) {
      std::istringstream is(std::string(UPCARD_RANK_WORDS[7 + e / 4]) + " of " +
                            UPCARD_SUIT_WORDS[e % 4]);
      Card c;
      is >> c;
      upcard_put(upcard_card_words(c));
    }
  } else if (f == "operator<<(Suit)") {
    for (int s = 0; s < 4; ++s) {
      upcard_put(upcard_printed(upcard_suit(s)));
    }
  } else if (f == "operator<<(Rank)") {
    for (int r = 0; r < 13; ++r) {
      upcard_put(upcard_printed(static_cast<Rank>(r)));
    }
  } else if (f == "operator>>(Suit)") {
    for (int s = 0; s < 4; ++s) {
      std::istringstream is(UPCARD_SUIT_WORDS[s]);
      Suit x = s == 0 ? HEARTS : SPADES;
      is >> x;
      upcard_put(upcard_int(upcard_suit_no(x)));
    }
  } else if (f == "operator>>(Rank)") {
    for (int r = 0; r < 13; ++r) {
      std::istringstream is(UPCARD_RANK_WORDS[r]);
      Rank x = r == 0 ? THREE : TWO;
      is >> x;
      upcard_put(upcard_int(static_cast<int>(x)));
    }
#endif
  } else {
    return false;
  }
  return true;
}
