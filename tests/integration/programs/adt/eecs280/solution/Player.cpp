// upcard's test fixture: a correct Simple player (and a Human) for the
// current term's API.
#include "Player.hpp"
#include <algorithm>
#include <cassert>
#include <iostream>
#include <string>
#include <vector>

using namespace std;

class SimplePlayer : public Player {
public:
  SimplePlayer(const string &name) : name(name) {}

  const string &get_name() const override { return name; }

  void add_card(const Card &c) override { hand.push_back(c); }

  bool make_trump(const Card &upcard, bool is_dealer, int round,
                  Suit &order_up_suit) const override {
    Suit suit = round == 1 ? upcard.get_suit() : Suit_next(upcard.get_suit());
    int strong = 0;
    for (const Card &c : hand) {
      if (c.is_face_or_ace() && c.is_trump(suit)) {
        ++strong;
      }
    }
    if (strong >= (round == 1 ? 2 : 1) || (round == 2 && is_dealer)) {
      order_up_suit = suit;
      return true;
    }
    return false;
  }

  void add_and_discard(const Card &upcard) override {
    hand.push_back(upcard);
    Suit trump = upcard.get_suit();
    size_t low = 0;
    for (size_t i = 1; i < hand.size(); ++i) {
      if (Card_less(hand[i], hand[low], trump)) {
        low = i;
      }
    }
    hand.erase(hand.begin() + low);
  }

  Card lead_card(Suit trump) override {
    int best = -1;
    for (size_t i = 0; i < hand.size(); ++i) {
      if (!hand[i].is_trump(trump) &&
          (best < 0 || Card_less(hand[best], hand[i], trump))) {
        best = static_cast<int>(i);
      }
    }
    if (best < 0) {
      best = highest(trump);
    }
    return take(best);
  }

  Card play_card(const Card &led_card, Suit trump) override {
    Suit led = led_card.get_suit(trump);
    int best = -1;
    for (size_t i = 0; i < hand.size(); ++i) {
      if (hand[i].get_suit(trump) == led &&
          (best < 0 || Card_less(hand[best], hand[i], led_card, trump))) {
        best = static_cast<int>(i);
      }
    }
    if (best < 0) {
      best = 0;
      for (size_t i = 1; i < hand.size(); ++i) {
        if (Card_less(hand[i], hand[best], led_card, trump)) {
          best = static_cast<int>(i);
        }
      }
    }
    return take(best);
  }

private:
  string name;
  vector<Card> hand;

  int highest(Suit trump) const {
    int best = 0;
    for (size_t i = 1; i < hand.size(); ++i) {
      if (Card_less(hand[best], hand[i], trump)) {
        best = static_cast<int>(i);
      }
    }
    return best;
  }

  Card take(int i) {
    Card c = hand[i];
    hand.erase(hand.begin() + i);
    return c;
  }
};

// The Human player, as the spec's "Human Player" section prints and reads.
class HumanPlayer : public Player {
public:
  HumanPlayer(const string &name) : name(name) {}

  const string &get_name() const override { return name; }

  void add_card(const Card &c) override {
    hand.push_back(c);
    sort(hand.begin(), hand.end());
  }

  bool make_trump(const Card &, bool, int, Suit &order_up_suit) const override {
    print_hand();
    cout << "Human player " << name << ", please enter a suit, or \"pass\":\n";
    string decision;
    cin >> decision;
    if (decision == "pass") {
      return false;
    }
    order_up_suit = string_to_suit(decision);
    return true;
  }

  void add_and_discard(const Card &upcard) override {
    print_hand();
    cout << "Discard upcard: [-1]\n";
    cout << "Human player " << name << ", please select a card to discard:\n";
    int i = -1;
    cin >> i;
    if (i >= 0) {
      hand.erase(hand.begin() + i);
      add_card(upcard);
    }
  }

  Card lead_card(Suit) override { return choose(); }

  Card play_card(const Card &, Suit) override { return choose(); }

private:
  string name;
  vector<Card> hand;

  void print_hand() const {
    for (size_t i = 0; i < hand.size(); ++i) {
      cout << "Human player " << name << "'s hand: [" << i << "] " << hand[i] << "\n";
    }
  }

  Card choose() {
    print_hand();
    cout << "Human player " << name << ", please select a card:\n";
    int i = 0;
    cin >> i;
    Card c = hand[i];
    hand.erase(hand.begin() + i);
    return c;
  }
};

Player *Player_factory(const std::string &name, const std::string &strategy) {
  if (strategy == "Simple") {
    return new SimplePlayer(name);
  }
  if (strategy == "Human") {
    return new HumanPlayer(name);
  }
  assert(false);
  return nullptr;
}

std::ostream &operator<<(std::ostream &os, const Player &p) { return os << p.get_name(); }
