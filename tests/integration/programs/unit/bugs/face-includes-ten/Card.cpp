#include "Card.hpp"

Suit Suit_next(Suit s) { return static_cast<Suit>((s + 2) % 4); }
bool is_face_or_ace(const Card &c) { return c.rank >= TEN; }
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
