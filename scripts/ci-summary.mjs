// Adds up the results of CI's test runs (Jest JSON, Playwright JSON and the
// other engines' journeys, e2e-engines/run.ts) and
// prints the plain closing line: "N passed, N failed[, N skipped]".
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`missing results: ${file}`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
    skipped += r.numPendingTests + r.numTodoTests;
    console.log(`${file}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  } else if (r.engines) {
    // The journeys in WebKitGTK and Firefox ESR: passed or failed per journey per engine.
    for (const [name, engine] of Object.entries(r.engines)) {
      const ok = engine.journeys.filter((j) => j.status === 'passed').length;
      const flaky = engine.journeys.filter((j) => j.status === 'flaky');
      const bad = engine.journeys.length - ok - flaky.length;
      passed += ok + flaky.length;
      failed += bad;
      console.log(`${file}: ${name} (${engine.version}) ${ok} passed, ${bad} failed, ${flaky.length} flaky`);
      // A journey that passed only on its second try is said, with why its first failed.
      for (const j of flaky) console.log(`  flaky: ${j.journey}: ${String(j.firstError).split('\n').slice(0, 12).join('\n    ')}`);
      for (const j of engine.journeys) if (j.status === 'failed') {
        // The whole error (what the page reported, where it stood), not its first line: CI shows only its output's tail.
        const lines = String(j.error).split('\n').slice(0, 12);
        console.log(`  failed: ${j.journey}: ${lines.join('\n    ')}`);
      }
    }
    if (Object.keys(r.engines).length === 0) {
      console.log(`${file}: no engine ran`);
      failed += 1;
    }
  } else if (r.stats) {
    passed += r.stats.expected + (r.stats.flaky ?? 0);
    failed += r.stats.unexpected;
    skipped += r.stats.skipped;
    console.log(`${file}: ${r.stats.expected} passed, ${r.stats.unexpected} failed, ${r.stats.flaky ?? 0} flaky`);
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
