// upcard's test fixture: a correct Card for an older term's string API.
#include "Card.h"
#include <cassert>
#include <iostream>
#include <string>

using namespace std;

static const char *const RANKS[] = {"Two", "Three", "Four", "Five", "Six", "Seven", "Eight",
                                    "Nine", "Ten", "Jack", "Queen", "King", "Ace"};
static const char *const SUITS[] = {"Spades", "Hearts", "Clubs", "Diamonds"};

static int rank_of(const string &r) {
  for (int i = 0; i < 13; ++i) {
    if (r == RANKS[i]) {
      return i;
    }
  }
  assert(false);
  return 0;
}

static int suit_of(const string &s) {
  for (int i = 0; i < 4; ++i) {
    if (s == SUITS[i]) {
      return i;
    }
  }
  assert(false);
  return 0;
}

Card::Card() : rank(RANK_TWO), suit(SUIT_SPADES) {}

Card::Card(const std::string &rank_in, const std::string &suit_in)
    : rank(rank_in), suit(suit_in) {}

std::string Card::get_rank() const { return rank; }

std::string Card::get_suit() const { return suit; }

std::string Card::get_suit(const std::string &trump) const {
  return is_left_bower(trump) ? trump : suit;
}

bool Card::is_face() const { return rank_of(rank) >= rank_of(RANK_JACK); }

bool Card::is_right_bower(const std::string &trump) const {
  return rank == RANK_JACK && suit == trump;
}

bool Card::is_left_bower(const std::string &trump) const {
  return rank == RANK_JACK && suit == Suit_next(trump);
}

bool Card::is_trump(const std::string &trump) const {
  return suit == trump || is_left_bower(trump);
}

static int plain(const Card &c) { return rank_of(c.get_rank()) * 4 + suit_of(c.get_suit()); }

bool operator<(const Card &lhs, const Card &rhs) { return plain(lhs) < plain(rhs); }
bool operator>(const Card &lhs, const Card &rhs) { return plain(lhs) > plain(rhs); }
bool operator==(const Card &lhs, const Card &rhs) { return plain(lhs) == plain(rhs); }
bool operator!=(const Card &lhs, const Card &rhs) { return plain(lhs) != plain(rhs); }

std::string Suit_next(const std::string &suit) {
  return SUITS[(suit_of(suit) + 2) % 4];
}

std::ostream &operator<<(std::ostream &os, const Card &card) {
  return os << card.get_rank() << " of " << card.get_suit();
}

static int value(const Card &c, const string &trump, const string &led) {
  if (c.is_right_bower(trump)) {
    return 300;
  }
  if (c.is_left_bower(trump)) {
    return 299;
  }
  if (c.is_trump(trump)) {
    return 200 + plain(c);
  }
  if (!led.empty() && c.get_suit() == led) {
    return 100 + plain(c);
  }
  return plain(c);
}

bool Card_less(const Card &a, const Card &b, const std::string &trump) {
  return value(a, trump, "") < value(b, trump, "");
}

bool Card_less(const Card &a, const Card &b, const Card &led_card, const std::string &trump) {
  string led = led_card.get_suit(trump);
  return value(a, trump, led) < value(b, trump, led);
}
