#include "Card.hpp"

Suit Suit_next(Suit s) { return static_cast<Suit>((s + 2) % 4); }
bool is_face_or_ace(const Card &c) { return c.rank >= JACK; }
bool is_right_bower(const Card &c, Suit trump) { return c.rank == JACK && c.suit == trump; }
bool is_left_bower(const Card &c, Suit trump) {
  return c.rank == JACK && c.suit == Suit_next(trump);
}
bool is_trump(const Card &c, Suit trump) { return c.suit == trump; }
static int value(const Card &c, Suit trump) {
  if (is_right_bower(c, trump)) return 101;
  if (is_left_bower(c, trump)) return 100;
  int plain = c.rank * 4 + c.suit;
  return is_trump(c, trump) ? 70 + plain : plain;
}
bool Card_less(const Card &a, const Card &b, Suit trump) { return value(a, trump) < value(b, trump); }
static int led_value(const Card &c, Suit trump, Suit led) {
  int v = value(c, trump);
  if (!is_trump(c, trump) && c.suit == led) v += 40;
  return v;
}
bool Card_less(const Card &a, const Card &b, const Card &led_card, Suit trump) {
  Suit led = is_left_bower(led_card, trump) ? trump : led_card.suit;
  return led_value(a, trump, led) < led_value(b, trump, led);
}
int count_trump(const Card hand[], int n, Suit trump) {
  int count = 0;
  for (int i = 0; i < n; ++i) {
    if (is_trump(hand[i], trump)) {
      ++count;
    }
  }
  return count;
}
