// upcard's test fixture: a correct Pack for the current term's API.
#include "Pack.hpp"
#include <cassert>
#include <string>

using namespace std;

Pack::Pack() : next(0) {
  int i = 0;
  for (int s = SPADES; s <= DIAMONDS; ++s) {
    for (int r = NINE; r <= ACE; ++r) {
      cards[i++] = Card(static_cast<Rank>(r), static_cast<Suit>(s));
    }
  }
}

Pack::Pack(std::istream &pack_input) : next(0) {
  for (int i = 0; i < PACK_SIZE; ++i) {
    pack_input >> cards[i];
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
