#include "Card.hpp"
#include "unit_test_framework.hpp"

TEST(test_right_bower_is_highest) {
  Card jack{JACK, HEARTS}, queen{QUEEN, HEARTS};
  ASSERT_FALSE(Card_less(jack, queen, HEARTS));
  ASSERT_TRUE(Card_less(queen, jack, HEARTS));
}

TEST(test_left_bower_is_trump) {
  ASSERT_TRUE(is_trump(Card{JACK, DIAMONDS}, HEARTS));
}

TEST(test_suit_next) {
  ASSERT_EQUAL(Suit_next(HEARTS), DIAMONDS);
}

TEST_MAIN()
