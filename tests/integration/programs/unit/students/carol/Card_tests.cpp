#include "Card.hpp"
#include "unit_test_framework.hpp"

TEST(left_bower_is_trump) { ASSERT_TRUE(is_trump({JACK, CLUBS}, SPADES)); }
TEST(trump_beats_ace) { ASSERT_TRUE(Card_less({ACE, HEARTS}, {NINE, SPADES}, SPADES)); }
TEST(loops) {
  volatile bool forever = true;
  while (forever) {
  }
}

TEST_MAIN()
