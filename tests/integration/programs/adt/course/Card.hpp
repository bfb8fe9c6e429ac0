// A small Card in the shape of the course's (enum suits, Card.hpp), written
// for upcard's tests of `upcard adt`: not the course's file.
#pragma once
#include <iostream>
enum Suit { SPADES, HEARTS, CLUBS, DIAMONDS };
enum Rank { NINE, TEN, JACK, QUEEN, KING, ACE };
struct Card {
  Rank rank;
  Suit suit;
};
bool operator==(const Card &a, const Card &b);
std::ostream &operator<<(std::ostream &os, const Card &c);
std::istream &operator>>(std::istream &is, Card &c);
Suit Suit_next(Suit s);
bool is_right_bower(const Card &c, Suit trump);
bool is_left_bower(const Card &c, Suit trump);
bool is_trump(const Card &c, Suit trump);
bool Card_less(const Card &a, const Card &b, Suit trump);
