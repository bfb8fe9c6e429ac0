// The string API (Card::SUIT_SPADES, Card::RANK_TWO).
typedef std::string upcard_suit_t;

static upcard_suit_t upcard_suit(int i) { return UPCARD_SUIT_WORDS[i]; }

static Card upcard_make(int rank, int suit) {
  return Card(UPCARD_RANK_WORDS[rank], UPCARD_SUIT_WORDS[suit]);
}

static int upcard_suit_no(const upcard_suit_t &s) {
  for (int i = 0; i < 4; ++i) {
    if (s == UPCARD_SUIT_WORDS[i]) {
      return i;
    }
  }
  return -1;
}

static int upcard_rank_no(const Card &c) {
  const std::string r = c.get_rank();
  for (int i = 0; i < 13; ++i) {
    if (r == UPCARD_RANK_WORDS[i]) {
      return i;
    }
  }
  return -1;
}
