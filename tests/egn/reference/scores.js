// The score after each deal of each record, as the notation's reference
// replayer (rules-engine.js, from NextSuit-Labs/euchre-game-notation,
// Apache-2.0) computes it: `node reference/scores.js examples/*.egn >
// reference-scores.txt`. tests/integration/egn.rs compares upcard with it.
const fs = require('fs');
const vm = require('vm');
const path = require('path');
const src = fs.readFileSync(path.join(__dirname, 'rules-engine.js'), 'utf8');
const ctx = {};
vm.createContext(ctx);
vm.runInContext(src + '\nthis.compileDealSteps = compileDealSteps;', ctx);
for (const f of process.argv.slice(2)) {
  const g = JSON.parse(fs.readFileSync(f, 'utf8'));
  const s = [...(g.metadata.initialScore || [0, 0])];
  const out = [];
  for (const d of g.deals) {
    const steps = ctx.compileDealSteps(d, g.metadata);
    const c = steps[steps.length - 1].scoreChange;
    s[0] += c[0];
    s[1] += c[1];
    out.push(`${s[0]}-${s[1]}`);
  }
  console.log(`${path.basename(f)}\t${out.join(' ')}`);
}
