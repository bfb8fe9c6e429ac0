// The staff's reference tests for the small Card: every function on every
// input that tells a slip apart.
#include "Card.hpp"
#include "unit_test_framework.hpp"

static const Suit SUITS[] = {SPADES, HEARTS, CLUBS, DIAMONDS};
static const Rank RANKS[] = {NINE, TEN, JACK, QUEEN, KING, ACE};

TEST(next_suits) {
  ASSERT_EQUAL(Suit_next(SPADES), CLUBS);
  ASSERT_EQUAL(Suit_next(HEARTS), DIAMONDS);
  ASSERT_EQUAL(Suit_next(CLUBS), SPADES);
  ASSERT_EQUAL(Suit_next(DIAMONDS), HEARTS);
}
TEST(face_cards) {
  for (Rank r : RANKS) ASSERT_EQUAL(is_face_or_ace({r, HEARTS}), r >= JACK);
}
TEST(bowers) {
  for (Suit t : SUITS)
    for (Suit s : SUITS)
      for (Rank r : RANKS) {
        Card c{r, s};
        ASSERT_EQUAL(is_right_bower(c, t), r == JACK && s == t);
        ASSERT_EQUAL(is_left_bower(c, t), r == JACK && s == Suit_next(t));
        ASSERT_EQUAL(is_trump(c, t), s == t || (r == JACK && s == Suit_next(t)));
      }
}
TEST(trump_order) {
  // Spades trump: nine of hearts < ace of hearts < nine of spades < ace of
  // spades < jack of clubs (left) < jack of spades (right).
  Card order[] = {{NINE, HEARTS}, {TEN, CLUBS}, {ACE, HEARTS}, {ACE, DIAMONDS}, {NINE, SPADES},
                  {TEN, SPADES},  {ACE, SPADES}, {JACK, CLUBS}, {JACK, SPADES}};
  const int n = sizeof order / sizeof order[0];
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) ASSERT_EQUAL(Card_less(order[i], order[j], SPADES), i < j);
}
TEST(suit_breaks_ties) {
  ASSERT_TRUE(Card_less({KING, HEARTS}, {KING, DIAMONDS}, CLUBS));
  ASSERT_FALSE(Card_less({KING, DIAMONDS}, {KING, HEARTS}, CLUBS));
  ASSERT_TRUE(Card_less({QUEEN, DIAMONDS}, {KING, SPADES}, CLUBS));
}

TEST(led_order) {
  // Spades trump, hearts led: hearts beat the other plain suits, trump
  // beats hearts; a led left bower makes trump the led suit.
  Card led{KING, HEARTS};
  ASSERT_TRUE(Card_less({ACE, CLUBS}, {NINE, HEARTS}, led, SPADES));
  ASSERT_FALSE(Card_less({NINE, HEARTS}, {ACE, CLUBS}, led, SPADES));
  ASSERT_TRUE(Card_less({ACE, HEARTS}, {NINE, SPADES}, led, SPADES));
  ASSERT_TRUE(Card_less({NINE, HEARTS}, {TEN, HEARTS}, led, SPADES));
  ASSERT_FALSE(Card_less({ACE, HEARTS}, {ACE, HEARTS}, led, SPADES));
  Card left{JACK, CLUBS};
  ASSERT_TRUE(Card_less({NINE, CLUBS}, {TEN, DIAMONDS}, left, SPADES));
  ASSERT_TRUE(Card_less({ACE, HEARTS}, {NINE, SPADES}, left, SPADES));
  ASSERT_TRUE(Card_less({NINE, DIAMONDS}, {TEN, CLUBS}, {NINE, CLUBS}, SPADES));
}
TEST(trump_counts) {
  Card hand[] = {{JACK, CLUBS}, {NINE, SPADES}, {ACE, HEARTS}, {JACK, SPADES}, {KING, DIAMONDS}};
  ASSERT_EQUAL(count_trump(hand, 5, SPADES), 3);
  ASSERT_EQUAL(count_trump(hand, 5, HEARTS), 1);
  ASSERT_EQUAL(count_trump(hand, 4, DIAMONDS), 0);
  ASSERT_EQUAL(count_trump(hand, 2, CLUBS), 1);
  ASSERT_EQUAL(count_trump(hand, 0, SPADES), 0);
}

TEST_MAIN()
