#ifndef PACK_H
#define PACK_H
// upcard's test fixture: an older term's Pack API.

#include "Card.h"
#include <array>
#include <string>

class Pack {
public:
  Pack();
  Pack(std::istream& pack_input);
  Card deal_one();
  void reset();
  void shuffle();
  bool empty() const;

private:
  static const int PACK_SIZE = 24;
  std::array<Card, PACK_SIZE> cards;
  int next;
};

#endif
