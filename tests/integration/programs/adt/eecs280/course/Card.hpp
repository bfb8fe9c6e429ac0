#ifndef CARD_HPP
#define CARD_HPP
// upcard's test fixture: the current term's Card API (enum suits), written
// for upcard's tests with the declarations the course's header has.

#include <iostream>
#include <string>

enum Rank {
  TWO = 0, THREE = 1, FOUR = 2, FIVE = 3, SIX = 4, SEVEN = 5, EIGHT = 6,
  NINE = 7, TEN = 8, JACK = 9, QUEEN = 10, KING = 11, ACE = 12,
};

Rank string_to_rank(const std::string &str);
std::ostream & operator<<(std::ostream &os, Rank rank);
std::istream & operator>>(std::istream &is, Rank &rank);

enum Suit { SPADES = 0, HEARTS = 1, CLUBS = 2, DIAMONDS = 3 };

Suit string_to_suit(const std::string &str);
std::ostream & operator<<(std::ostream &os, Suit suit);
std::istream & operator>>(std::istream &is, Suit &suit);

class Card {
public:
  Card();
  Card(Rank rank_in, Suit suit_in);
  Rank get_rank() const;
  Suit get_suit() const;
  Suit get_suit(Suit trump) const;
  bool is_face_or_ace() const;
  bool is_right_bower(Suit trump) const;
  bool is_left_bower(Suit trump) const;
  bool is_trump(Suit trump) const;

private:
  Rank rank;
  Suit suit;
  friend std::istream & operator>>(std::istream &is, Card &card);
};

std::ostream & operator<<(std::ostream &os, const Card &card);
std::istream & operator>>(std::istream &is, Card &card);
bool operator<(const Card &lhs, const Card &rhs);
bool operator<=(const Card &lhs, const Card &rhs);
bool operator>(const Card &lhs, const Card &rhs);
bool operator>=(const Card &lhs, const Card &rhs);
bool operator==(const Card &lhs, const Card &rhs);
bool operator!=(const Card &lhs, const Card &rhs);
Suit Suit_next(Suit suit);
bool Card_less(const Card &a, const Card &b, Suit trump);
bool Card_less(const Card &a, const Card &b, const Card &led_card, Suit trump);

#endif
