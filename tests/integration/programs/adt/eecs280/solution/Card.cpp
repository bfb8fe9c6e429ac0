// upcard's test fixture: a correct Card for the current term's API.
#include "Card.hpp"
#include <cassert>
#include <iostream>
#include <string>

using namespace std;

static const char *const RANK_NAMES[] = {"Two", "Three", "Four", "Five", "Six",
                                         "Seven", "Eight", "Nine", "Ten", "Jack",
                                         "Queen", "King", "Ace"};
static const char *const SUIT_NAMES[] = {"Spades", "Hearts", "Clubs", "Diamonds"};

Rank string_to_rank(const std::string &str) {
  for (int r = TWO; r <= ACE; ++r) {
    if (str == RANK_NAMES[r]) {
      return static_cast<Rank>(r);
    }
  }
  assert(false);
  return TWO;
}

std::ostream &operator<<(std::ostream &os, Rank rank) { return os << RANK_NAMES[rank]; }

std::istream &operator>>(std::istream &is, Rank &rank) {
  string s;
  if (is >> s) {
    rank = string_to_rank(s);
  }
  return is;
}

Suit string_to_suit(const std::string &str) {
  for (int s = SPADES; s <= DIAMONDS; ++s) {
    if (str == SUIT_NAMES[s]) {
      return static_cast<Suit>(s);
    }
  }
  assert(false);
  return SPADES;
}

std::ostream &operator<<(std::ostream &os, Suit suit) { return os << SUIT_NAMES[suit]; }

std::istream &operator>>(std::istream &is, Suit &suit) {
  string s;
  if (is >> s) {
    suit = string_to_suit(s);
  }
  return is;
}

Card::Card() : rank(TWO), suit(SPADES) {}

Card::Card(Rank rank_in, Suit suit_in) : rank(rank_in), suit(suit_in) {}

Rank Card::get_rank() const { return rank; }

Suit Card::get_suit() const { return suit; }

Suit Card::get_suit(Suit trump) const { return is_left_bower(trump) ? trump : suit; }

bool Card::is_face_or_ace() const { return rank >= JACK; }

bool Card::is_right_bower(Suit trump) const { return rank == JACK && suit == trump; }

bool Card::is_left_bower(Suit trump) const { return rank == JACK && suit == Suit_next(trump); }

bool Card::is_trump(Suit trump) const { return suit == trump || is_left_bower(trump); }

std::ostream &operator<<(std::ostream &os, const Card &card) {
  return os << card.get_rank() << " of " << card.get_suit();
}

std::istream &operator>>(std::istream &is, Card &card) {
  string of;
  return is >> card.rank >> of >> card.suit;
}

static int plain(const Card &c) { return c.get_rank() * 4 + c.get_suit(); }

bool operator<(const Card &lhs, const Card &rhs) { return plain(lhs) < plain(rhs); }
bool operator<=(const Card &lhs, const Card &rhs) { return plain(lhs) <= plain(rhs); }
bool operator>(const Card &lhs, const Card &rhs) { return plain(lhs) > plain(rhs); }
bool operator>=(const Card &lhs, const Card &rhs) { return plain(lhs) >= plain(rhs); }
bool operator==(const Card &lhs, const Card &rhs) { return plain(lhs) == plain(rhs); }
bool operator!=(const Card &lhs, const Card &rhs) { return plain(lhs) != plain(rhs); }

Suit Suit_next(Suit suit) {
  switch (suit) {
  case SPADES:
    return CLUBS;
  case CLUBS:
    return SPADES;
  case HEARTS:
    return DIAMONDS;
  default:
    return HEARTS;
  }
}

// A card's value: bowers, then trump, then the led suit, then the rest.
static int value(const Card &c, Suit trump, int led) {
  if (c.is_right_bower(trump)) {
    return 300;
  }
  if (c.is_left_bower(trump)) {
    return 299;
  }
  if (c.is_trump(trump)) {
    return 200 + plain(c);
  }
  if (led >= 0 && c.get_suit() == led) {
    return 100 + plain(c);
  }
  return plain(c);
}

bool Card_less(const Card &a, const Card &b, Suit trump) {
  return value(a, trump, -1) < value(b, trump, -1);
}

bool Card_less(const Card &a, const Card &b, const Card &led_card, Suit trump) {
  int led = led_card.get_suit(trump);
  return value(a, trump, led) < value(b, trump, led);
}
