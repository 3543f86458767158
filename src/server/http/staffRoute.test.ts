/**
 * The staff API's table (shared/protocol/staff.ts) held on the service: a
 * route parses its parameters and body with the entry's schemas, and under
 * tests (CHECK_RESULTS) an answer that drifted from the table is a 500, not
 * a surprise in the staff program.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { checkStaffAnswer, serveStaffRoute, staffErrorHandler } from './staffRoute';
import type { StaffAnswer } from '../../shared/protocol/staff';

let app: FastifyInstance;
let answer: unknown;

beforeAll(async () => {
  app = Fastify();
  app.setErrorHandler(staffErrorHandler);
  // A stand-in handler that answers whatever the test sets (cast: the type test holds real handlers to the table).
  serveStaffRoute(app, 'POST /staff/goods/:id/sold-out', async ({ params, body }) => (answer ?? { goodsId: params.id, soldOut: body.soldOut }) as StaffAnswer<'POST /staff/goods/:id/sold-out'>);
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  answer = undefined;
});

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

describe('a staff route served from the table', () => {
  it('answers what the handler gives with the parsed parameters and body', async () => {
    const res = await post('/staff/goods/g1/sold-out', { soldOut: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ goodsId: 'g1', soldOut: true });
  });

  it('refuses a body that does not match with 400 and the first issue', async () => {
    const res = await post('/staff/goods/g1/sold-out', { soldOut: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/^body: soldOut: /);
  });

  it('under CHECK_RESULTS an answer with a renamed field is a 500', async () => {
    answer = { goodsId: 'g1', sold_out: true };
    const res = await post('/staff/goods/g1/sold-out', { soldOut: true });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'the service had a problem' });
  });
});

describe('checkStaffAnswer', () => {
  const saved = process.env.CHECK_RESULTS;
  afterEach(() => {
    if (saved === undefined) delete process.env.CHECK_RESULTS;
    else process.env.CHECK_RESULTS = saved;
  });

  it('throws on an answer that is not the table’s, naming the field', () => {
    process.env.CHECK_RESULTS = '1';
    expect(() => checkStaffAnswer('POST /staff/skus/:id/sold-out', { skuId: 's', goodsId: 'g', soldOut: true })).not.toThrow();
    expect(() => checkStaffAnswer('POST /staff/skus/:id/sold-out', { skuId: 's', soldOut: true })).toThrow(/POST \/staff\/skus\/:id\/sold-out.*goodsId/);
  });

  it('is off with CHECK_RESULTS=0 (production answers are not parsed twice)', () => {
    process.env.CHECK_RESULTS = '0';
    expect(() => checkStaffAnswer('POST /staff/skus/:id/sold-out', { skuId: 's' })).not.toThrow();
  });
});
