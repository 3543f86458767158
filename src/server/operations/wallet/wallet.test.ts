/**
 * The member's wallet through the real HTTP service (issue 10; issue 16
 * defect 4): top-ups through the sandbox provider credited exactly once,
 * the ledgers of balance, points and coupons after concurrent mixed
 * operations, coupon plans' stock and per-member limits under concurrency,
 * coupon codes, points by the enterprise's rule, and one member never seeing
 * another's top-ups or coupons. Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL set.
 */
import { DEMO } from '../../db/seed';
import { WALLET_PLANS } from '../../db/seed/wallet';
import { signCallback } from '../../providers/payment';
import { startHarness, GatewayClient, type Harness } from '../../test/harness';
import { balanceOf, decideOnPage, insertMember, insertSheet, ok, rows, signIn } from '../../test/fixtures';
import { changeBalance } from './ledger';

jest.setTimeout(180_000);

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ rateLimits: { memberPerMinute: 100_000, ipPerMinute: 100_000 } });
});
afterAll(() => h.close());

const refusedWith = (res: { errcode: string; errmsg: string }, errmsg: string) => expect([res.errcode, res.errmsg]).toEqual(['50000', errmsg]);

/** A registered member with `balance` in their balance, put there by an 'adjust' ledger row. */
async function member(balance = 0): Promise<{ vipId: string; client: GatewayClient }> {
  const vipId = await insertMember(h, 0);
  if (balance > 0) {
    await h.db.transaction((tx) => changeBalance(tx, { vipId, delta: String(balance), kind: 'adjust', remark: 'Opening balance', now: new Date() }));
  }
  return { vipId, client: await signIn(h, vipId) };
}

const topUp = (client: GatewayClient, row: Record<string, unknown>) => client.call('VipRecharge_VipAccountRechargeSumbit_V3_Add', [row]);
const status = (client: GatewayClient, SheetID: string) => client.call('VipRecharge_VipAccountRechargeStatus_V3_Get', [{ SheetID }]);

/** Posts the provider's signed callback for a payment, as the provider would (every repeat the same). */
async function callback(payId: string, amount: string, state: 'paid' | 'cancelled' = 'paid') {
  const body = signCallback(h.config.paymentSecret, {
    payId,
    status: state,
    providerRef: `SBX-${payId}`,
    amount,
    currency: 'MOP',
    timestamp: new Date().toISOString(),
    nonce: payId.slice(-8),
  });
  // The provider's own ledger says paid too (a status query asks it).
  if (state === 'paid') await h.db.query(`UPDATE sandbox_payment SET status = 'paid' WHERE pay_id = $1 AND status = 'pending'`, [payId]);
  const res = await fetch(`${h.url}/payments/callback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.status;
}

/** Every ledger check of one member: stored figures equal the sums of their rows, and each row's figure after is the running sum in `seq` order. */
async function checkLedgers(vipId: string) {
  const [vip] = await h.db.query<{ balance: string; score: string }>('SELECT balance::text AS balance, score::text AS score FROM vip WHERE vip_id = $1', [vipId]);
  const account = await h.db.query<{ amount: string; balance: string; seq: string }>(
    'SELECT i.amount::text AS amount, i.balance::text AS balance, i.seq::text AS seq FROM vip_account_item i WHERE i.vip_id = $1 ORDER BY i.seq',
    [vipId],
  );
  const points = await h.db.query<{ score: string; balance: string }>('SELECT i.score::text AS score, i.balance::text AS balance FROM vip_score_item i WHERE i.vip_id = $1 ORDER BY i.seq', [vipId]);
  const cents = (v: string) => Math.round(Number(v) * 10_000);
  let running = 0;
  const brokenAccount = account.filter((r) => {
    running += cents(r.amount);
    return running !== cents(r.balance);
  }).length;
  expect(running).toBe(cents(vip!.balance));
  let runningPoints = 0;
  const brokenPoints = points.filter((r) => {
    runningPoints += cents(r.score);
    return runningPoints !== cents(r.balance);
  }).length;
  expect(runningPoints).toBe(cents(vip!.score));
  expect({ brokenAccount, brokenPoints }).toEqual({ brokenAccount: 0, brokenPoints: 0 });
  // seq is 1..n without gaps.
  expect(account.map((r) => Number(r.seq))).toEqual(account.map((_, i) => i + 1));
  return { balance: vip!.balance, score: vip!.score, rows: account.length };
}

describe('top-ups', () => {
  test('a rule\'s top-up: pending, paid on the provider\'s page, credited with its gift once, the records say so', async () => {
    const { vipId, client } = await member();
    const [start] = ok(await topUp(client, { RuleID: '878000000001' }));
    expect(start).toMatchObject({ Amo: '100.0000', GiftAmo: '10.0000', Status: 'pending' });
    const sheetId = String(start!.SheetID);
    expect(ok(await status(client, sheetId))[0]).toMatchObject({ Status: 'pending', Balance: '0.0000' });

    const decided = await decideOnPage(h, String(start!.PayUrl), 'confirm');
    expect(decided.status).toBe(303);
    expect(decided.location).toContain(`#/pages/rechargeResult/rechargeResult?SheetID=${sheetId}`);
    expect(ok(await status(client, sheetId))[0]).toMatchObject({ Status: 'paid', Amo: '100.0000', GiftAmo: '10.0000', Balance: '110.0000' });

    // The notification again (5 times, at once) and the status query (5 times, at once): nothing more.
    const again = await Promise.all([
      ...Array.from({ length: 5 }, () => callback(String(start!.PayID), '100.00')),
      ...Array.from({ length: 5 }, () => status(client, sheetId).then((r) => (r.errcode === '0' ? 200 : 500))),
    ]);
    expect(again).toEqual(Array(10).fill(200));
    expect(await balanceOf(h, vipId)).toEqual({ balance: '110.0000', score: '0.0000' });
    const records = ok(await client.call('VipRecharge_EntVipAccountItemsListByPage_V2_Get', [{ PageIndex: 1, PageSize: 20 }]));
    expect(records.map((r) => [r.Kind, r.Amo, r.Balance, r.SheetID])).toEqual([
      ['gift', '10.0000', '110.0000', sheetId],
      ['recharge', '100.0000', '100.0000', sheetId],
    ]);
    await checkLedgers(vipId);
  });

  test('a lost notification: the status query asks the provider and credits once, however many queries race', async () => {
    const { vipId, client } = await member();
    const [start] = ok(await topUp(client, { Amo: 100 }));
    expect(start).toMatchObject({ Amo: '100.0000', GiftAmo: '10.0000' }); // 100 is a rule's amount
    await h.db.query(`UPDATE sandbox_payment SET status = 'paid' WHERE pay_id = $1`, [start!.PayID]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => status(client, String(start!.SheetID))));
    expect(answers.map((a) => [a.errcode, rows(a)[0]?.Status])).toEqual(Array(8).fill(['0', 'paid']));
    expect((await balanceOf(h, vipId)).balance).toBe('110.0000');
    await checkLedgers(vipId);
  });

  test('free amounts within the enterprise\'s limits; cancelled on the provider\'s page credits nothing', async () => {
    const { vipId, client } = await member();
    refusedWith(await topUp(client, { Amo: 5 }), 'Enter a top-up amount from MOP$10.00 to MOP$5,000.00');
    refusedWith(await topUp(client, { Amo: 5000.01 }), 'Enter a top-up amount from MOP$10.00 to MOP$5,000.00');
    refusedWith(await topUp(client, { Amo: 10.001 }), 'Enter a top-up amount from MOP$10.00 to MOP$5,000.00');
    refusedWith(await topUp(client, {}), 'Enter a top-up amount from MOP$10.00 to MOP$5,000.00');
    refusedWith(await topUp(client, { RuleID: 'nope' }), 'This top-up offer is no longer available');
    const [start] = ok(await topUp(client, { Amo: '88.8' }));
    expect(start).toMatchObject({ Amo: '88.8000', GiftAmo: '0.0000' });
    await decideOnPage(h, String(start!.PayUrl), 'cancel');
    expect(ok(await status(client, String(start!.SheetID)))[0]).toMatchObject({ Status: 'cancelled', Balance: '0.0000' });
    // A late 'paid' for a cancelled top-up changes nothing.
    expect(await callback(String(start!.PayID), '88.80')).toBe(200);
    expect((await balanceOf(h, vipId)).balance).toBe('0.0000');
  });

  test("the provider's page speaks the app's language (issue 23 item 5): its texts and the merchant's name, not the browser's", async () => {
    const { client } = await member();
    const page = async (payUrl: string) => (await fetch(`${h.url}${payUrl}`, { headers: { 'accept-language': 'en-US,en;q=0.9' } })).text();
    const as = (lang: string) => Object.assign(new GatewayClient(h.url, lang), { cookie: client.cookie });

    const [tw] = ok(await topUp(as('zh-TW'), { Amo: 50 }));
    expect(String(tw!.PayUrl)).toMatch(/\?lang=zh-TW$/);
    const twPage = await page(String(tw!.PayUrl));
    expect(twPage).toContain('<html lang="zh-TW">');
    expect(twPage).toContain('<h1 id="heading">確認付款</h1>');
    expect(twPage).toContain('支付 MOP$50.00');
    expect(twPage).toContain(`澳門港灣廚房集團 · 充值 ${String(tw!.SheetID)}`);
    expect(twPage).not.toMatch(/Confirm your payment|top up/);

    const [en] = ok(await topUp(as('en'), { Amo: 60 }));
    const enPage = await page(String(en!.PayUrl));
    expect(enPage).toContain('<html lang="en">');
    expect(enPage).toContain(`Macau Harbour Kitchen Group · Top-up ${String(en!.SheetID)}`);
    expect(enPage).not.toMatch(/[\u4e00-\u9fff]/);

    const [cn] = ok(await topUp(as('zh-CN'), { Amo: 70 }));
    expect(await page(String(cn!.PayUrl))).toContain(`澳门港湾厨房集团 · 充值 ${String(cn!.SheetID)}`);

    // The pending top-up asked after in another language: its page follows the app.
    const [again] = ok(await status(as('en'), String(tw!.SheetID)));
    expect(String(again!.PayUrl)).toMatch(/\?lang=en$/);
    expect(await page(String(again!.PayUrl))).toContain('<h1 id="heading">Confirm your payment</h1>');
  });

  test('another member\'s top-up answers like one that does not exist; guests may not top up', async () => {
    const a = await member();
    const b = await member();
    const [start] = ok(await topUp(a.client, { Amo: 20 }));
    refusedWith(await status(b.client, String(start!.SheetID)), 'The top-up does not exist');
    refusedWith(await status(b.client, '875000000000000'), 'The top-up does not exist');
    const guest = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vip_recharge WHERE vip_id = $1', [b.vipId]);
    expect(guest[0]!.n).toBe(0);
  });
});

describe('points by the enterprise\'s rule (1 point per MOP$10)', () => {
  test('earned when an order is paid from the balance, taken back when it is cancelled', async () => {
    const { vipId, client } = await member(200);
    const sheetId = await insertSheet(h, { vipId, totalAmo: 95.5 });
    const [paid] = ok(await client.call('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', [{ SheetID: sheetId, PayAmo: '95.50' }]));
    expect(paid).toMatchObject({ Score: 9, Balance: '104.5000' });
    expect((await balanceOf(h, vipId)).score).toBe('9.0000');
    const history = ok(await client.call('EntVip_EntVipScoreItemsByPage_V1_Get', [{ PageIndex: 1, PageSize: 10 }]));
    expect(history.map((r) => [r.Score, r.Balance, r.SheetID])).toEqual([['9.0000', '9.0000', sheetId]]);
    ok(await client.call('PosSalSheet_PosSalSheetCloseSubmit_V5_Add', [{ SheetID: sheetId }]));
    expect(await balanceOf(h, vipId)).toEqual({ balance: '200.0000', score: '0.0000' });
    await checkLedgers(vipId);
  });
});

describe('coupons', () => {
  test('a plan\'s per-member limit holds however many claims race', async () => {
    const { client } = await member();
    const claims = await Promise.all(Array.from({ length: 6 }, () => client.call('EntCard_ProvideVipCard_Add', [{ PlanID: WALLET_PLANS.cash10 }])));
    expect(claims.filter((c) => c.errcode === '0')).toHaveLength(2);
    expect(new Set(claims.filter((c) => c.errcode !== '0').map((c) => c.errmsg))).toEqual(new Set(['You have claimed this coupon the most times allowed (2).']));
    const plans = ok(await client.call('EntCard_EntCardPlanList_Get', [{ EntID: DEMO.entId }]));
    expect(plans.find((p) => p.PlanID === WALLET_PLANS.cash10)).toMatchObject({ ClaimedCount: 2, PerMemberLimit: 2, Claimed: 1, Stock: 48 });
  });

  test('a plan\'s stock holds under concurrency: 3 cards for 8 members claiming at once', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => member()));
    const claims = await Promise.all(members.map((m) => m.client.call('EntCard_ProvideVipCard_Add', [{ PlanID: WALLET_PLANS.discount90 }])));
    expect(claims.filter((c) => c.errcode === '0')).toHaveLength(3);
    expect(new Set(claims.filter((c) => c.errcode !== '0').map((c) => c.errmsg))).toEqual(new Set(['These coupons have all been claimed.']));
    const [plan] = await h.db.query<{ claimed_count: number }>('SELECT claimed_count FROM card_plan WHERE plan_id = $1', [WALLET_PLANS.discount90]);
    expect(plan!.claimed_count).toBe(3);
    const [cards] = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vip_card WHERE plan_id = $1', [WALLET_PLANS.discount90]);
    expect(cards!.n).toBe(3);
  });

  test('a code: looked up, added to the member\'s coupons once, then nobody else\'s; SPEC 5 messages', async () => {
    const a = await member();
    const b = await member();
    const [found] = ok(await a.client.call('EntCard_NYHVipCardQueryVerification_Add', [{ CardCode: ' voucher50 ' }]));
    expect(found).toMatchObject({ CardCode: DEMO.cardCodes.voucher, CardType: '3', Status: 0 });
    const [mine] = ok(await a.client.call('EntCard_NYHVipCardVerification_Update', [{ CardCode: DEMO.cardCodes.voucher }]));
    expect(mine).toMatchObject({ CardCode: DEMO.cardCodes.voucher });
    const [row] = await h.db.query<{ vip_id: string }>('SELECT vip_id FROM vip_card WHERE card_code = $1', [DEMO.cardCodes.voucher]);
    expect(row!.vip_id).toBe(a.vipId);
    // Another member's code answers as an unknown one (issue 22: codes cannot be probed).
    refusedWith(await b.client.call('EntCard_NYHVipCardVerification_Update', [{ CardCode: DEMO.cardCodes.voucher }]), 'The coupon does not exist');
    refusedWith(await b.client.call('EntCard_NYHVipCardQueryVerification_Add', [{ CardCode: 'NOPE-NOPE' }]), 'The coupon does not exist');
    refusedWith(await b.client.call('EntCard_NYHVipCardQueryVerification_Add', [{ CardCode: DEMO.cardCodes.chanUsed }]), 'The coupon does not exist');
    // Another member's coupon by its id answers like one that does not exist.
    refusedWith(await b.client.call('EntCard_CardDetailGet_V1_Get', [{ CardID: String(mine!.CardID) }]), 'The coupon does not exist');
    refusedWith(await b.client.call('EntCard_CardDetailGet_V1_Get', [{ CardID: '879999999999' }]), 'The coupon does not exist');
    const detail = await a.client.call('EntCard_CardDetailGet_V1_Get', [{ CardID: String(mine!.CardID) }]);
    expect(rows(detail, 'table2').map((s) => s.ShopNameEN)).toContain('Harbour Kitchen');
    // The coupon ledger: issued (seed), then claimed by a.
    const events = await h.db.query<{ event: string; vip_id: string | null }>(
      'SELECT i.event, i.vip_id FROM vip_card_item i JOIN vip_card c ON c.card_id = i.card_id WHERE c.card_code = $1 ORDER BY i.item_id',
      [DEMO.cardCodes.voucher],
    );
    expect(events).toEqual([{ event: 'issue', vip_id: null }, { event: 'claim', vip_id: a.vipId }]);
  });
});

describe('ledgers after concurrent mixed operations', () => {
  test('100 operations at once (top-ups, balance payments, refunds) over 4 members: every balance equals its ledger', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => member(1000)));
    // Each member has orders paid from the balance beforehand (to refund) and unpaid ones (to pay).
    const paidSheets = await Promise.all(
      members.map(async (m) => {
        const ids: string[] = [];
        for (let i = 0; i < 5; i++) {
          const sheetId = await insertSheet(h, { vipId: m.vipId, totalAmo: 12.3 });
          ok(await m.client.call('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', [{ SheetID: sheetId, PayAmo: '12.30' }]));
          ids.push(sheetId);
        }
        return ids;
      }),
    );
    const unpaid = await Promise.all(members.map((m) => Promise.all(Array.from({ length: 12 }, (_, i) => insertSheet(h, { vipId: m.vipId, totalAmo: 20 + i })))));

    const operations: (() => Promise<string>)[] = [];
    for (let i = 0; i < 100; i++) {
      const k = i % 4;
      const m = members[k]!;
      const kind = Math.floor(i / 4) % 5; // per member: 2 top-ups, 2 payments, 1 refund in every 5
      if (kind === 0 || kind === 3) {
        operations.push(async () => {
          const res = await topUp(m.client, { Amo: 10 + i });
          const [start] = ok(res);
          await callback(String(start!.PayID), `${10 + i}.00`);
          return 'topUp';
        });
      } else if (kind === 1 || kind === 4) {
        const sheetId = unpaid[k]!.pop()!;
        const amount = (await h.db.query<{ t: string }>('SELECT total_amo::text AS t FROM sheet WHERE sheet_id = $1', [sheetId]))[0]!.t;
        operations.push(async () => {
          const res = await m.client.call('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', [{ SheetID: sheetId, PayAmo: Number(amount).toFixed(2) }]);
          return res.errcode === '0' ? 'paid' : `refused ${res.errmsg}`;
        });
      } else {
        const sheetId = paidSheets[k]!.pop()!;
        operations.push(async () => {
          const res = await m.client.call('PosSalSheet_PosSalSheetCloseSubmit_V5_Add', [{ SheetID: sheetId }]);
          return res.errcode === '0' ? 'refunded' : `refused ${res.errmsg}`;
        });
      }
    }
    const outcomes = await Promise.all(operations.map((op) => op()));
    const counts = outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o]: (acc[o] ?? 0) + 1 }), {});
    // Every operation could succeed (the balances cover every payment) and did.
    expect(counts).toEqual({ topUp: 40, paid: 40, refunded: 20 });
    const results = [];
    for (const m of members) results.push(await checkLedgers(m.vipId));
    // What the ledgers say is also what the operations did: 1000 + top-ups - payments + refunds per member.
    const total = results.reduce((sum, r) => sum + Number(r.balance), 0);
    const [expected] = await h.db.query<{ t: string }>(
      `SELECT (4000 + COALESCE((SELECT sum(amount + gift) FROM vip_recharge WHERE vip_id = ANY($1) AND status = 'paid'), 0)
                    - COALESCE((SELECT sum(amount) FROM payment WHERE vip_id = ANY($1) AND status = 'paid'), 0))::text AS t`,
      [members.map((m) => m.vipId)],
    );
    expect(total.toFixed(4)).toBe(Number(expected!.t).toFixed(4));
    // The coupon ledger agrees with every card's state.
    const disagreeing = await h.db.query(
      `SELECT c.card_id FROM vip_card c
         LEFT JOIN LATERAL (SELECT status, vip_id FROM vip_card_item i WHERE i.card_id = c.card_id ORDER BY item_id DESC LIMIT 1) last ON true
        WHERE last.status IS DISTINCT FROM c.status OR last.vip_id IS DISTINCT FROM c.vip_id`,
    );
    expect(disagreeing).toEqual([]);
    console.log(`ledger check (${h.db.kind}): 100 concurrent operations ${JSON.stringify(counts)}, ${results.reduce((n, r) => n + r.rows, 0)} account rows over 4 members, 0 broken`);
  });

  test('issue 16 defect 4: after concurrent balance payments the history reads in the order the money moved', async () => {
    const { vipId, client } = await member(1000);
    const sheets = await Promise.all(Array.from({ length: 30 }, (_, i) => insertSheet(h, { vipId, totalAmo: 10 + i })));
    const paid = await Promise.all(
      sheets.map((sheetId, i) => client.call('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', [{ SheetID: sheetId, PayAmo: (10 + i).toFixed(2) }])),
    );
    expect(paid.filter((p) => p.errcode === '0')).toHaveLength(30);
    const history = ok(await client.call('VipRecharge_EntVipAccountItemsListByPage_V2_Get', [{ PageIndex: 1, PageSize: 100 }]));
    expect(history).toHaveLength(31);
    const [vip] = await h.db.query<{ balance: string }>('SELECT balance::text AS balance FROM vip WHERE vip_id = $1', [vipId]);
    expect(history[0]!.Balance).toBe(Number(vip!.balance).toFixed(4));
    // Newest first: each row's balance less its amount is the next (older) row's balance.
    let broken = 0;
    for (let i = 0; i + 1 < history.length; i++) {
      const before = Math.round((Number(history[i]!.Balance) - Number(history[i]!.Amo)) * 10_000);
      if (before !== Math.round(Number(history[i + 1]!.Balance) * 10_000)) broken++;
    }
    expect(broken).toBe(0);
  });
});
