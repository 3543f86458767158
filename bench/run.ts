/**
 * Benchmarks: `npm run bench` runs them all, `npm run bench -- menu` one.
 * Bounded in count and time; the service listens on 127.0.0.1 only.
 */
import { menuRender } from './menu-render';
import { orderSubmit } from './order-submit';
import { push } from './push';

const benches: Record<string, () => Promise<Record<string, number | string>>> = {
  menu: menuRender,
  submit: orderSubmit,
  push,
};

async function main() {
  const wanted = process.argv.slice(2);
  const names = wanted.length > 0 ? wanted : Object.keys(benches);
  for (const name of names) {
    const bench = benches[name];
    if (!bench) throw new Error(`no bench ${name}; have ${Object.keys(benches).join(', ')}`);
    const started = Date.now();
    const result = await bench();
    console.log(`${name}: ${JSON.stringify(result)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
