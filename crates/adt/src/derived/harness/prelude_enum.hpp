// The enum API (enum Rank, enum Suit).
typedef Suit upcard_suit_t;

static upcard_suit_t upcard_suit(int i) { return static_cast<Suit>(i); }

static Card upcard_make(int rank, int suit) {
  return Card(static_cast<Rank>(rank), static_cast<Suit>(suit));
}

static int upcard_suit_no(upcard_suit_t s) {
  int i = static_cast<int>(s);
  return i >= 0 && i < 4 ? i : -1;
}

static int upcard_rank_no(const Card &c) {
  int i = static_cast<int>(c.get_rank());
  return i >= 0 && i < 13 ? i : -1;
}
