// A small Pack in the shape of the course's, for upcard's tests.
#pragma once
#include <iostream>
#include "Card.hpp"
class Pack {
 public:
  explicit Pack(std::istream &in);
  Card deal_one();
  void reset();
  bool empty() const;
 private:
  Card cards[24];
  int next;
};
