// A small EECS 280 euchre.exe, written as a student would, for the
// `grade --diagnose` tests. Compiled plain it plays the course rules; each
// -DBUG_... switch plants one bug, written here in C++ as a student would
// get it wrong (the kinds real submissions show), not by upcard's mutants.
#include <algorithm>
#include <cassert>
#include <array>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>
using namespace std;

enum Suit { SPADES, HEARTS, CLUBS, DIAMONDS };
const char *SUITS[] = {"Spades", "Hearts", "Clubs", "Diamonds"};
const char *RANKS[] = {"Nine", "Ten", "Jack", "Queen", "King", "Ace"};
enum { NINE, TEN, JACK, QUEEN, KING, ACE };

struct Card {
  int rank;
  int suit;
};
int next_suit(int s) { return (s + 2) % 4; }
bool is_right(Card c, int t) { return c.rank == JACK && c.suit == t; }
bool is_left(Card c, int t) { return c.rank == JACK && c.suit == next_suit(t); }
bool is_trump(Card c, int t) { return c.suit == t || is_left(c, t); }
int suit_of(Card c, int t) {
#ifdef BUG_LEFT_BOWER_KEEPS_PRINTED_SUIT
  return c.suit;
#else
  return is_left(c, t) ? t : c.suit;
#endif
}
int plain(Card c) {
#if defined(BUG_RANK_ONLY)
  return c.rank * 4; // ties of rank never broken by suit
#elif defined(BUG_HEARTS_BELOW_SPADES)
  return c.rank * 4 + (c.suit == SPADES ? HEARTS : c.suit == HEARTS ? SPADES : c.suit);
#else
  return c.rank * 4 + c.suit;
#endif
}
// Higher is better: bowers, trump, the led suit, the rest.
int value(Card c, int t, int led) {
#ifdef BUG_LEFT_ABOVE_RIGHT
  if (is_left(c, t)) return 101;
  if (is_right(c, t)) return 100;
#else
  if (is_right(c, t)) return 101;
  if (is_left(c, t)) return 100;
#endif
  if (c.suit == t) return 70 + plain(c);
  if (c.suit == led) return 40 + plain(c);
  return plain(c);
}
string name(Card c) { return string(RANKS[c.rank]) + " of " + SUITS[c.suit]; }
bool parse_card(const string &line, Card &c) {
  for (int r = 0; r < 6; ++r)
    for (int s = 0; s < 4; ++s)
      if (line == string(RANKS[r]) + " of " + SUITS[s]) {
        c = {r, s};
        return true;
      }
  return false;
}
bool plain_less(Card a, Card b) { return plain(a) < plain(b); }

struct Player {
  string name;
  bool human;
  vector<Card> hand;
};

Player p[4];
int points_to_win;

int count_strong(const vector<Card> &h, int t) {
  int n = 0;
  for (Card c : h)
    if (is_trump(c, t) && c.rank >= JACK) ++n;
  return n;
}

void print_hand(int i) {
  for (size_t k = 0; k < p[i].hand.size(); ++k)
    cout << "Human player " << p[i].name << "'s hand: [" << k << "] " << name(p[i].hand[k]) << "\n";
}

// Returns the suit ordered, or -1 for a pass.
int make_trump(int i, Card up, bool dealer, int round) {
  if (p[i].human) {
#ifdef BUG_HUMAN_UNWRITTEN
    assert(false); // the starter code's, left in
#endif
    print_hand(i);
    cout << "Human player " << p[i].name << ", please enter a suit, or \"pass\":\n";
    string s;
    cin >> s;
    for (int k = 0; k < 4; ++k)
      if (s == SUITS[k]) return k;
    return -1;
  }
  if (round == 1) return count_strong(p[i].hand, up.suit) >= 2 ? up.suit : -1;
  int n = next_suit(up.suit);
  if (count_strong(p[i].hand, n) >= 1 || dealer) return n;
  return -1;
}

void add_and_discard(int i, Card up) {
  if (p[i].human) {
#ifdef BUG_HUMAN_UNWRITTEN
    assert(false); // the discard, never written
#endif
    print_hand(i);
    cout << "Discard upcard: [-1]\n";
    cout << "Human player " << p[i].name << ", please select a card to discard:\n";
    int k;
    cin >> k;
    if (k >= 0) {
      p[i].hand.erase(p[i].hand.begin() + k);
      p[i].hand.push_back(up);
    }
    sort(p[i].hand.begin(), p[i].hand.end(), plain_less);
    return;
  }
  p[i].hand.push_back(up);
  auto low = min_element(p[i].hand.begin(), p[i].hand.end(), [&](Card a, Card b) {
    return value(a, up.suit, -1) < value(b, up.suit, -1);
  });
  p[i].hand.erase(low);
}

Card take(int i, size_t k) {
  Card c = p[i].hand[k];
  p[i].hand.erase(p[i].hand.begin() + k);
  return c;
}

Card human_card(int i) {
  print_hand(i);
  cout << "Human player " << p[i].name << ", please select a card:\n";
  size_t k;
  cin >> k;
  return take(i, k);
}

Card lead_card(int i, int t) {
  if (p[i].human) return human_card(i);
#ifdef BUG_NULL_PLAYER
  Player *leader = nullptr; // never pointed at the player who leads
  vector<Card> &h = leader->hand;
#else
  vector<Card> &h = p[i].hand;
#endif
  int best = -1;
  bool any_off = false;
  for (Card c : h) any_off |= !is_trump(c, t);
  for (size_t k = 0; k < h.size(); ++k) {
    if (any_off && is_trump(h[k], t)) continue;
    if (best < 0 || value(h[k], t, -1) > value(h[best], t, -1)) best = k;
  }
  return take(i, best);
}

Card play_card(int i, Card led, int t) {
  if (p[i].human) return human_card(i);
  vector<Card> &h = p[i].hand;
  int ls = suit_of(led, t);
  int best = -1;
  for (size_t k = 0; k < h.size(); ++k) {
#ifdef BUG_LEFT_PRINTED_WHEN_FOLLOWING
    int s = h[k].suit;
#else
    int s = suit_of(h[k], t);
#endif
    if (s == ls && (best < 0 || value(h[k], t, ls) > value(h[best], t, ls))) best = k;
  }
#ifdef BUG_HIGHEST_ACROSS_SUITS
  // Following: the best card of the whole hand, not of the led suit.
  if (best >= 0)
    for (size_t k = 0; k < h.size(); ++k)
      if (value(h[k], t, ls) > value(h[best], t, ls)) best = k;
#endif
  if (best >= 0) return take(i, best);
  for (size_t k = 0; k < h.size(); ++k) {
#ifdef BUG_SIMPLE_THROWS_HIGHEST
    if (best < 0 || value(h[k], t, ls) > value(h[best], t, ls)) best = k;
#else
    if (best < 0 || value(h[k], t, ls) < value(h[best], t, ls)) best = k;
#endif
  }
  return take(i, best);
}

string team(int t) { return p[t].name + " and " + p[t + 2].name; }

int main(int argc, char *argv[]) {
#ifdef BUG_SCAFFOLD
  cout << "Euchre scaffold ready.\n";
  return 0;
#endif
  if (argc != 12) {
    cout << "Usage: euchre.exe PACK_FILENAME [shuffle|noshuffle] POINTS_TO_WIN NAME1 TYPE1 NAME2 TYPE2 NAME3 TYPE3 NAME4 TYPE4\n";
    return 1;
  }
#if defined(BUG_SIXTH_CARD) || defined(BUG_HUMAN_UNWRITTEN) || defined(BUG_PACK_IN_ALWAYS)
  cout << unitbuf; // each line flushed, as the endl most students write does
#endif
  for (int i = 0; i < argc; ++i) {
#ifdef BUG_ARGV_NO_TRAILING_SPACE
    cout << argv[i] << (i + 1 < argc ? " " : "");
#elif defined(BUG_ARGV_TYPE_INDEX)
    // Every player's type from the first player's slot.
    cout << argv[i >= 5 && i % 2 == 1 ? 5 : i] << " ";
#else
    cout << argv[i] << " ";
#endif
  }
  cout << "\n";
#ifdef BUG_PACK_IN_ALWAYS
  ifstream in("pack.in"); // whatever argv[1] says
#else
  ifstream in(argv[1]);
#endif
  array<Card, 24> pack, cur;
  string line;
  for (int k = 0; k < 24; ++k) {
    getline(in, line);
    if (!parse_card(line, pack[k])) {
#ifdef BUG_PACK_IN_ALWAYS
      int cardNum = k;
      assert(cardNum == 24); // the check a Pack's constructor makes
#endif
      cout << "Error opening " << argv[1] << "\n";
      return 1;
    }
  }
#ifdef BUG_PACK_NOT_READ
  // A second, local pack in its default order deals, not the file's.
  for (int k = 0; k < 24; ++k) pack[k] = {k % 6, k / 6};
#endif
  cur = pack;
  bool shuffle = string(argv[2]) == "shuffle";
  points_to_win = atoi(argv[3]);
  for (int i = 0; i < 4; ++i) p[i] = {argv[4 + 2 * i], string(argv[5 + 2 * i]) == "Human", {}};
  int score[2] = {0, 0};
  int dealer = 0;
  for (int hand = 0;; ++hand) {
    if (shuffle) {
      for (int n = 0; n < 7; ++n) {
        array<Card, 24> old = cur;
        for (int k = 0; k < 12; ++k) {
#ifdef BUG_OUT_SHUFFLE
          cur[2 * k] = old[k];
          cur[2 * k + 1] = old[12 + k];
#else
          cur[2 * k] = old[12 + k];
          cur[2 * k + 1] = old[k];
#endif
        }
      }
    } else {
      cur = pack;
    }
#if defined(BUG_HAND_GARBAGE)
    // The symptom of an uninitialised counter, made repeatable.
    cout << "Hand " << (hand == 1 ? 21845 : hand) << "\n" << p[dealer].name << " deals\n";
#elif defined(BUG_HAND_HASH)
    cout << "Hand #" << hand << "\n" << p[dealer].name << " deals\n";
#else
    cout << "Hand " << hand << "\n" << p[dealer].name << " deals\n";
#endif
    int sizes[8] = {3, 2, 3, 2, 2, 3, 2, 3};
    int next = 0;
    for (int i = 0; i < 4; ++i) p[i].hand.clear();
    for (int b = 0; b < 8; ++b) {
      int who = (dealer + 1 + b) % 4;
#ifdef BUG_SIXTH_CARD
      if (b == 7) who = (dealer + 1) % 4; // the last batch to the first player again
#endif
      for (int k = 0; k < sizes[b]; ++k) {
        assert(p[who].hand.size() < 5);
        p[who].hand.push_back(cur[next++]);
      }
    }
    for (int i = 0; i < 4; ++i)
      if (p[i].human) sort(p[i].hand.begin(), p[i].hand.end(), plain_less);
    Card up = cur[20];
    cout << name(up) << " turned up\n";
    int trump = -1, maker = -1;
    for (int round = 1; round <= 2 && trump < 0; ++round) {
      for (int k = 1; k <= 4 && trump < 0; ++k) {
        int i = (dealer + k) % 4;
#ifdef BUG_EVERYONE_IS_DEALER
        int s = make_trump(i, up, true, round);
#else
        int s = make_trump(i, up, i == dealer, round);
#endif
        if (s < 0) {
          cout << p[i].name << " passes\n";
        } else {
          cout << p[i].name << " orders up " << SUITS[s] << "\n";
          trump = s;
          maker = i;
          if (round == 1) add_and_discard(dealer, up);
        }
      }
    }
    cout << "\n";
    int tricks[2] = {0, 0};
    int leader = (dealer + 1) % 4;
    for (int trick = 0; trick < 5; ++trick) {
      Card led = lead_card(leader, trump);
      cout << name(led) << " led by " << p[leader].name << "\n";
      int winner = leader;
      Card best = led;
      int ls = suit_of(led, trump);
      for (int k = 1; k < 4; ++k) {
        int i = (leader + k) % 4;
        Card c = play_card(i, led, trump);
        cout << name(c) << " played by " << p[i].name << "\n";
        if (value(c, trump, ls) > value(best, trump, ls)) {
          best = c;
          winner = i;
        }
      }
      cout << p[winner].name << " takes the trick\n\n";
      ++tricks[winner % 2];
      leader = winner;
    }
    int makers = maker % 2;
#ifdef BUG_MAKERS_NEED_FOUR
    int enough = 4;
#else
    int enough = 3;
#endif
    if (tricks[makers] >= enough) {
      cout << team(makers) << " win the hand\n";
      if (tricks[makers] == 5) {
#ifdef BUG_MARCH_SPACE
        cout << "march! \n";
#else
        cout << "march!\n";
#endif
        score[makers] += 2;
      } else {
        score[makers] += 1;
      }
    } else {
      cout << team(1 - makers) << " win the hand\neuchred!\n";
      score[1 - makers] += 2;
    }
    for (int t = 0; t < 2; ++t) cout << team(t) << " have " << score[t] << " points\n";
    cout << "\n";
    for (int t = 0; t < 2; ++t)
      if (score[t] >= points_to_win) {
#ifdef BUG_NO_WIN_AT_TARGET
        if (score[t] > points_to_win)
#endif
#ifdef BUG_WINNER_BY_GREATER
        // The winner chosen with `>`: on exactly the target, the other side.
        cout << team(score[0] > points_to_win ? 0 : 1) << " win!\n";
#else
        cout << team(t) << " win!\n";
#endif
        return 0;
      }
    dealer = (dealer + 1) % 4;
  }
}
