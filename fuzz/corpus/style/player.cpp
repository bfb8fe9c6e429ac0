#include <algorithm>
#include <map>
#include "Pack.hpp"
using namespace std;
static int made = 0;
int g() { int v[2] = {2, 1}; sort(v, v + 2); std::cerr << max(v[0], v[1]); return *find(v, v + 2, 1); }
Player *Player_factory(const std::string &name) { return new Simple(name); }
