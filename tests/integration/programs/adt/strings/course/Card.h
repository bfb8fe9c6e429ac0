#ifndef CARD_H
#define CARD_H
// upcard's test fixture: an older term's Card API (string suits and ranks,
// `is_face`, no `<=` or `>=`), written for upcard's tests with the
// declarations that term's header has.

#include <iostream>
#include <string>

class Card {
public:
  static constexpr const char* const RANK_TWO = "Two";
  static constexpr const char* const RANK_THREE = "Three";
  static constexpr const char* const RANK_FOUR = "Four";
  static constexpr const char* const RANK_FIVE = "Five";
  static constexpr const char* const RANK_SIX = "Six";
  static constexpr const char* const RANK_SEVEN = "Seven";
  static constexpr const char* const RANK_EIGHT = "Eight";
  static constexpr const char* const RANK_NINE = "Nine";
  static constexpr const char* const RANK_TEN = "Ten";
  static constexpr const char* const RANK_JACK = "Jack";
  static constexpr const char* const RANK_QUEEN = "Queen";
  static constexpr const char* const RANK_KING = "King";
  static constexpr const char* const RANK_ACE = "Ace";
  static constexpr const char* const SUIT_SPADES = "Spades";
  static constexpr const char* const SUIT_HEARTS = "Hearts";
  static constexpr const char* const SUIT_CLUBS = "Clubs";
  static constexpr const char* const SUIT_DIAMONDS = "Diamonds";

  Card();
  Card(const std::string &rank_in, const std::string &suit_in);
  std::string get_rank() const;
  std::string get_suit() const;
  std::string get_suit(const std::string &trump) const;
  bool is_face() const;
  bool is_right_bower(const std::string &trump) const;
  bool is_left_bower(const std::string &trump) const;
  bool is_trump(const std::string &trump) const;

private:
  std::string rank;
  std::string suit;
};

bool operator<(const Card &lhs, const Card &rhs);
bool operator>(const Card &lhs, const Card &rhs);
bool operator==(const Card &lhs, const Card &rhs);
bool operator!=(const Card &lhs, const Card &rhs);
std::string Suit_next(const std::string &suit);
std::ostream & operator<<(std::ostream &os, const Card &card);
bool Card_less(const Card &a, const Card &b, const std::string &trump);
bool Card_less(const Card &a, const Card &b, const Card &led_card,
               const std::string &trump);

#endif
