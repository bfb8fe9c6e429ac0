// The course's names of suits and ranks (the spec's), by their enum values.
static const char *const UPCARD_SUIT_WORDS[4] = {"Spades", "Hearts", "Clubs", "Diamonds"};
static const char *const UPCARD_RANK_WORDS[13] = {"Two",  "Three", "Four", "Five", "Six",
                                                  "Seven", "Eight", "Nine", "Ten", "Jack",
                                                  "Queen", "King",  "Ace"};
