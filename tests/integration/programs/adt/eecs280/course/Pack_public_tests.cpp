// upcard's test fixture: a few public-style tests of the current term's Pack.
#include <fstream>
#include "Pack.hpp"
#include "unit_test_framework.hpp"

TEST(test_pack_default_ctor) {
  Pack pack;
  Card first = pack.deal_one();
  ASSERT_EQUAL(NINE, first.get_rank());
  ASSERT_EQUAL(SPADES, first.get_suit());
}

TEST(test_pack_reads_the_file) {
  std::ifstream in("pack.in");
  ASSERT_TRUE(in.is_open());
  Pack pack(in);
  ASSERT_FALSE(pack.empty());
}

TEST_MAIN()
