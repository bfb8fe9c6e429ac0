#include "Card.hpp"
#include "unit_test_framework.hpp"

TEST(jack_is_face) { ASSERT_TRUE(is_face_or_ace({JACK, SPADES})); }
TEST(ten_is_not_face) { ASSERT_FALSE(is_face_or_ace({TEN, SPADES})); }
TEST(next_of_spades_is_clubs) { ASSERT_EQUAL(Suit_next(SPADES), CLUBS); }
// Wrong: a nine is no face card.
TEST(nine_is_face) { ASSERT_TRUE(is_face_or_ace({NINE, HEARTS})); }

TEST_MAIN()
