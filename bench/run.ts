/**
 * Benchmarks: `npm run bench` runs them all, `npm run bench -- menu` one.
 * Bounded in count and time; the service listens on 127.0.0.1 only.
 */
import { loadavg } from 'node:os';
import { boardBench } from './board';
import { kitchenBench } from './kitchen';
import { load } from './load';
import { menuRender } from './menu-render';
import { orderSubmit } from './order-submit';
import { printingBench } from './printing';
import { push } from './push';

const benches: Record<string, () => Promise<Record<string, number | string>>> = {
  menu: menuRender,
  // Lighthouse is a large ES module: loaded only when asked for.
  lighthouse: () => import('./lighthouse').then((m) => m.lighthouseBench()),
  submit: orderSubmit,
  push,
  load,
  board: boardBench,
  printing: printingBench,
  // The kitchen's stations (issue 26 section 2): 20 screens through a lunch, the 200-order board at 4x.
  kitchen: kitchenBench,
};

async function main() {
  const wanted = process.argv.slice(2);
  const names = wanted.length > 0 ? wanted : Object.keys(benches);
  for (const name of names) {
    const bench = benches[name];
    if (!bench) throw new Error(`no bench ${name}; have ${Object.keys(benches).join(', ')}`);
    const started = Date.now();
    const result = await bench();
    // The machine's load with every figure: a loaded machine moves them (TBT by 5x).
    const load = loadavg().map((l) => l.toFixed(2)).join(', ');
    console.log(`${name}: ${JSON.stringify(result)} (${((Date.now() - started) / 1000).toFixed(1)} s, load average ${load})`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
