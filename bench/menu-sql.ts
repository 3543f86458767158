/**
 * The whole-menu list's SQL on seedLargeMenu's 5,000 goods (issue 15): the
 * handler run 6 times in a transaction each on a fresh database (PGlite in
 * memory, or a fresh database on the server DATABASE_URL names), the time of
 * each query and of the whole call; with --explain, EXPLAIN (ANALYZE, BUFFERS)
 * of the list's query on the last run (JIT shows there when it is triggered);
 * with --analyze, ANALYZE first (without it the planner sees the tables as a
 * fresh service does, before autovacuum).
 *
 *   node --import tsx bench/menu-sql.ts [--explain] [--analyze] [--demo]   (BENCH_RUNS=6)
 *   DATABASE_URL=postgres://... node --import tsx bench/menu-sql.ts --explain
 */
import { ownDatabase } from './ownDatabase';
import { loadConfig } from '../src/server/config';
import { openDb, type Queryable } from '../src/server/db/driver';
import { migrate } from '../src/server/db/migrate';
import { DEMO, seedDemo, seedLargeMenu } from '../src/server/db/seed';
import { handlers } from '../src/server/operations';
import type { OpContext } from '../src/server/operations/context';

async function main() {
  const database = await ownDatabase('sql');
  const db = await openDb({ databaseUrl: database.url });
  try {
    await migrate(db);
    await seedDemo(db, new Date());
    // --demo: the demo shop's 60 goods instead of the 5,000.
    const demo = process.argv.includes('--demo');
    const big = demo ? { shopId: DEMO.shops.main } : await seedLargeMenu(db, DEMO.bigMenuShopId, 5000);
    const expected = demo ? 60 : 5000;
    if (process.argv.includes('--analyze')) await db.query('ANALYZE');
    const explain = process.argv.includes('--explain');
    const handler = handlers.HBBPos_GoodsClass_GoodsList_V9_Get!;
    const config = { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: database.url };
    const runs = Number(process.env.BENCH_RUNS ?? 6);
    for (let run = 0; run < runs; run += 1) {
      const times: string[] = [];
      const started = performance.now();
      await db.transaction(async (tx) => {
        const timed: Queryable = {
          async query<T extends Record<string, unknown>>(sql: string, params?: readonly unknown[]) {
            if (explain && run === runs - 1 && sql.length > 300) {
              const plan = await tx.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
              console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
            }
            const t = performance.now();
            const rows = await tx.query<T>(sql, params);
            times.push(`${(performance.now() - t).toFixed(1)} ms (${rows.length} rows)`);
            return rows;
          },
        };
        const ctx = { tx: timed, session: null, lang: 'en', now: new Date(), config, credentials: config.credentials } as unknown as OpContext;
        const answer = await handler(ctx, { tableData: [{ ShopID: big.shopId, ClassID: '', PageIndex: 1, PageSize: 10000 }] } as never);
        if ((answer.table1 ?? []).length !== expected) throw new Error(`expected ${expected} goods, got ${(answer.table1 ?? []).length}`);
      });
      console.log(`${db.kind} run ${run}: ${(performance.now() - started).toFixed(1)} ms; queries ${times.join(', ')}`);
    }
  } finally {
    await db.close();
    await database.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
