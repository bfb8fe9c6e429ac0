// A program's main: not compiled with the tests.
#include "Card.hpp"
int main() { return is_face_or_ace({ACE, SPADES}) ? 0 : 1; }
