// upcard's test fixture: a correct Pack for the older term's string API.
#include "Pack.h"
#include <cassert>
#include <string>

using namespace std;

static const char *const SUITS[] = {"Spades", "Hearts", "Clubs", "Diamonds"};
static const char *const RANKS[] = {"Nine", "Ten", "Jack", "Queen", "King", "Ace"};

Pack::Pack() : next(0) {
  int i = 0;
  for (const char *s : SUITS) {
    for (const char *r : RANKS) {
      cards[i++] = Card(r, s);
    }
  }
}

Pack::Pack(std::istream &pack_input) : next(0) {
  string rank, of, suit;
  for (int i = 0; i < PACK_SIZE && pack_input >> rank >> of >> suit; ++i) {
    cards[i] = Card(rank, suit);
  }
}

Card Pack::deal_one() {
  assert(next < PACK_SIZE);
  return cards[next++];
}

void Pack::reset() { next = 0; }

void Pack::shuffle() {
  for (int k = 0; k < 7; ++k) {
    std::array<Card, PACK_SIZE> old = cards;
    for (int i = 0; i < PACK_SIZE / 2; ++i) {
      cards[2 * i] = old[PACK_SIZE / 2 + i];
      cards[2 * i + 1] = old[i];
    }
  }
  next = 0;
}

bool Pack::empty() const { return next == PACK_SIZE; }
