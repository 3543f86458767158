/**
 * Back-pressure (issue 15): the service answers "busy, try again" (50300,
 * the envelope's error shape, in the caller's language, Retry-After: 1) at
 * once when every database connection is in use and the queue for one is
 * full, instead of letting the request wait without bound; nothing is
 * written for the refused request, and the queued ones complete.
 */
import { DbBusyError, Gate } from '../db/driver';
import { DEMO } from '../db/seed';
import { catalogue } from '../../shared/protocol/catalogue';
import { ErrorCode } from '../../shared/protocol/envelope';
import { GatewayClient, startHarness, type Harness } from '../test/harness';
import { guestClient, line, pickupHeader, submit } from '../test/orders';

jest.setTimeout(60_000);

describe('the gate', () => {
  test('at most `size` hold it, at most `maxQueue` wait, in order; past the queue it refuses at once', async () => {
    const gate = new Gate(1, 2, 60_000);
    const order: string[] = [];
    await gate.acquire();
    const a = Promise.resolve(gate.acquire()).then(() => order.push('a'));
    const b = Promise.resolve(gate.acquire()).then(() => order.push('b'));
    expect([gate.active, gate.waiting]).toEqual([1, 2]);
    expect(() => gate.acquire()).toThrow(DbBusyError);
    gate.release();
    await a;
    gate.release();
    await b;
    gate.release();
    expect(order).toEqual(['a', 'b']);
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  test('a caller that waits longer than maxWaitMs is refused and leaves the queue', async () => {
    const gate = new Gate(1, 5, 20);
    await gate.acquire();
    await expect(Promise.resolve(gate.acquire())).rejects.toMatchObject({
      reason: 'waitedTooLong',
    });
    expect(gate.waiting).toBe(0);
    gate.release();
    expect(gate.active).toBe(0);
  });
});

describe('the gateway with one connection and a queue of one', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ dbPool: { size: 1, maxQueue: 1, maxWaitMs: 30_000 } });
  });
  afterAll(() => h.close());

  /** Holds the only connection until the returned function is called. */
  async function holdTheConnection(): Promise<{ release: () => Promise<void> }> {
    let letGo!: () => void;
    const holding = h.db.transaction(() => new Promise<void>((resolve) => (letGo = resolve)));
    while (h.db.gate.active < 1) await new Promise((r) => setImmediate(r));
    return {
      release: async () => {
        letGo();
        await holding;
      },
    };
  }

  const waitFor = async (cond: () => boolean) => {
    while (!cond()) await new Promise((r) => setTimeout(r, 5));
  };

  test('the request past the queue gets 50300 "busy, try again" at once; the queued one completes', async () => {
    const alice = await guestClient(h);
    const bob = await guestClient(h, 'zh-TW');
    const sheets = async () =>
      Number(
        (
          await h.db.query<{ n: string }>('SELECT count(*) AS n FROM sheet WHERE vip_id = $1', [
            bob.vipId,
          ])
        )[0]!.n,
      );
    let queued: ReturnType<typeof submit> | undefined;
    const held = await holdTheConnection();
    try {
      // Alice's order waits for the connection (the queue's one place).
      queued = submit(alice, pickupHeader({ TotalAmo: 49 }), [line(DEMO.goods.bbqPorkRice, 48)]);
      await waitFor(() => h.db.gate.waiting === 1);
      // Bob's is refused while the connection is still held: no hang.
      const busy = await bob.raw(
        new URLSearchParams({
          HBBWSType: String(catalogue.PosSalSheet_NewCYSendSheetSubmit_Add.service),
          strKeyName: 'PosSalSheet_NewCYSendSheetSubmit_Add',
          strJsonData: JSON.stringify({
            tableData: [
              { EntID: DEMO.entId, UserID: DEMO.userId, ...pickupHeader({ TotalAmo: 49 }) },
            ],
            Item1: [line(DEMO.goods.bbqPorkRice, 48)],
          }),
          strAuthorizationCode: 'hbb',
          IsRSA: '0',
        }).toString(),
      );
      expect(h.db.gate.active).toBe(1);
      expect(busy.status).toBe(200);
      expect(busy.json).toEqual({
        errcode: ErrorCode.busy,
        resultcode: ErrorCode.busy,
        errmsg: '目前繁忙，請稍後再試。',
        resultmsg: '目前繁忙，請稍後再試。',
        data: {},
      });
      expect(busy.headers.get('retry-after')).toBe('1');
      // A read is refused the same way, in English for an English caller.
      const read = await new GatewayClient(h.url).call('FreightRule_FreightRuleGet_Get', [
        { BaseID: DEMO.bases.quick },
      ]);
      expect([read.errcode, read.errmsg]).toEqual([
        ErrorCode.busy,
        'We are very busy right now. Please try again in a moment.',
      ]);
    } finally {
      await held.release();
    }
    const done = await queued!;
    expect([done.errcode, done.errmsg]).toEqual(['0', '']);
    // Bob's refused order wrote nothing, and counted nothing against his limits.
    expect(await sheets()).toBe(0);
    expect(
      await h.db.query('SELECT key FROM rate_limit WHERE key = $1', [`order:member:${bob.vipId}`]),
    ).toEqual([]);
    // With the connection free again, Bob's order goes through.
    const again = await submit(bob, pickupHeader({ TotalAmo: 49 }), [
      line(DEMO.goods.bbqPorkRice, 48),
    ]);
    expect([again.errcode, again.errmsg]).toEqual(['0', '']);
    expect([h.db.gate.active, h.db.gate.waiting]).toEqual([0, 0]);
  });
});
