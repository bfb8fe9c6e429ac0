#include "Card.hpp"
#include "unit_test_framework.hpp"

TEST(queen) { ASSERT_TRUE(is_queen({QUEEN, SPADES})); }

TEST_MAIN()
