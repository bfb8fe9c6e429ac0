#include "Pack.hpp"

Pack::Pack(std::istream &in) : next(0) {
  for (int i = 0; i < 24; ++i) in >> cards[i];
}
Card Pack::deal_one() { return cards[next++]; }
void Pack::reset() { next = 0; }
bool Pack::empty() const { return next == 24; }
