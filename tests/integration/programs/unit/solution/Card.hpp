// A small Card for upcard's unit-test grading tests (not the course's).
#pragma once
enum Suit { SPADES, HEARTS, CLUBS, DIAMONDS };
enum Rank { NINE, TEN, JACK, QUEEN, KING, ACE };
struct Card {
  Rank rank;
  Suit suit;
};
Suit Suit_next(Suit s);
bool is_face_or_ace(const Card &c);
bool is_right_bower(const Card &c, Suit trump);
bool is_left_bower(const Card &c, Suit trump);
bool is_trump(const Card &c, Suit trump);
bool Card_less(const Card &a, const Card &b, Suit trump);
bool Card_less(const Card &a, const Card &b, const Card &led_card, Suit trump);
int count_trump(const Card hand[], int n, Suit trump);
