#ifndef PLAYER_H
#define PLAYER_H
// upcard's test fixture: an older term's Player API (string suits).

#include "Card.h"
#include <string>
#include <vector>

class Player {
public:
  virtual const std::string & get_name() const = 0;
  virtual void add_card(const Card &c) = 0;
  virtual bool make_trump(const Card &upcard, bool is_dealer,
                          int round, std::string &order_up_suit) const = 0;
  virtual void add_and_discard(const Card &upcard) = 0;
  virtual Card lead_card(const std::string &trump) = 0;
  virtual Card play_card(const Card &led_card, const std::string &trump) = 0;
  static const int MAX_HAND_SIZE = 5;
  virtual ~Player() {}
};

Player * Player_factory(const std::string &name, const std::string &strategy);
std::ostream & operator<<(std::ostream &os, const Player &p);

#endif
