// upcard's test fixture: a few public-style tests of the current term's Card.
#include "Card.hpp"
#include "unit_test_framework.hpp"

TEST(test_card_ctor) {
  Card c(ACE, HEARTS);
  ASSERT_EQUAL(ACE, c.get_rank());
  ASSERT_EQUAL(HEARTS, c.get_suit());
}

TEST(test_card_less_right_bower) {
  ASSERT_TRUE(Card_less(Card(QUEEN, HEARTS), Card(JACK, HEARTS), HEARTS));
}

TEST_MAIN()
