#include <fstream>
#include "Pack.hpp"
#include "unit_test_framework.hpp"

TEST(test_pack_reads_the_file) {
  std::ifstream in("pack.in");
  ASSERT_TRUE(in.is_open());
  Pack pack(in);
  Card first = pack.deal_one();
  ASSERT_EQUAL(first, (Card{NINE, SPADES}));
}

TEST(test_pack_reset) {
  std::ifstream in("pack.in");
  Pack pack(in);
  for (int i = 0; i < 24; ++i) pack.deal_one();
  ASSERT_TRUE(pack.empty());
  pack.reset();
  ASSERT_FALSE(pack.empty());
}

TEST_MAIN()
