// upcard's test fixture: a few public-style tests of the current term's Player.
#include "Player.hpp"
#include "unit_test_framework.hpp"

TEST(test_simple_player_make_trump) {
  Player *bob = Player_factory("Bob", "Simple");
  bob->add_card(Card(NINE, SPADES));
  bob->add_card(Card(TEN, SPADES));
  bob->add_card(Card(QUEEN, SPADES));
  bob->add_card(Card(KING, SPADES));
  bob->add_card(Card(ACE, SPADES));
  Suit trump;
  ASSERT_TRUE(bob->make_trump(Card(NINE, SPADES), true, 1, trump));
  ASSERT_EQUAL(SPADES, trump);
  delete bob;
}

TEST_MAIN()
