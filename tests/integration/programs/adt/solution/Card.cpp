#include "Card.hpp"
#include <string>

static const char *const RANKS[] = {"Nine", "Ten", "Jack", "Queen", "King", "Ace"};
static const char *const SUITS[] = {"Spades", "Hearts", "Clubs", "Diamonds"};

bool operator==(const Card &a, const Card &b) { return a.rank == b.rank && a.suit == b.suit; }
std::ostream &operator<<(std::ostream &os, const Card &c) {
  return os << RANKS[c.rank] << " of " << SUITS[c.suit];
}
std::istream &operator>>(std::istream &is, Card &c) {
  std::string rank, of, suit;
  is >> rank >> of >> suit;
  for (int r = 0; r < 6; ++r) if (rank == RANKS[r]) c.rank = static_cast<Rank>(r);
  for (int s = 0; s < 4; ++s) if (suit == SUITS[s]) c.suit = static_cast<Suit>(s);
  return is;
}
Suit Suit_next(Suit s) { return static_cast<Suit>((s + 2) % 4); }
bool is_right_bower(const Card &c, Suit trump) { return c.rank == JACK && c.suit == trump; }
bool is_left_bower(const Card &c, Suit trump) {
  return c.rank == JACK && c.suit == Suit_next(trump);
}
bool is_trump(const Card &c, Suit trump) { return c.suit == trump || is_left_bower(c, trump); }
static int value(const Card &c, Suit trump) {
  if (is_right_bower(c, trump)) return 101;
  if (is_left_bower(c, trump)) return 100;
  int plain = c.rank * 4 + c.suit;
  return is_trump(c, trump) ? 70 + plain : plain;
}
bool Card_less(const Card &a, const Card &b, Suit trump) { return value(a, trump) < value(b, trump); }
