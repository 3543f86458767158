/**
 * The live frames held to their one schema (shared/protocol/live.ts, issue
 * 25 item 1): under CHECK_RESULTS a stream checks each frame before it sends
 * it, and a frame that is not the schema's ends the stream with
 * `event: invalid` instead of reaching the app or the staff program.
 */
import type { ServerResponse } from 'node:http';
import { EventEmitter } from 'node:events';
import { checkLiveFrame, checkOutboxEvent } from '../../shared/protocol/live';
import type { LiveEvent } from './emit';
import { DEFAULT_EVENT_OPTIONS, forClient, frameCheck, Stream } from './routes';

/** A response that keeps what is written. */
function recordingResponse() {
  const res = Object.assign(new EventEmitter(), {
    text: '',
    writableLength: 0,
    destroyed: false,
    writeHead: () => res,
    write(chunk: string) {
      res.text += chunk;
      return true;
    },
    end: () => undefined,
    destroy() {
      res.destroyed = true;
    },
  });
  return res;
}

const progressed = (data: Record<string, unknown> = {}): LiveEvent => ({
  id: '41',
  kind: 'progress',
  entId: 'E',
  baseId: 'B',
  sheetId: 'S',
  vipIds: ['V1', 'V2'],
  data: {
    status: 1,
    payStatus: 2,
    progress: 'ready',
    isPayLater: false,
    takeType: 'pickup',
    payMode: 'prepay',
    businessMode: '1',
    roundCount: 1,
    tableId: '',
    settling: false,
    round: { no: 1, byName: 'Chan', byPlace: 1, vip: 'V1' },
    ...data,
  },
  at: '2026-11-25T20:00:00.000Z',
});

const soldOut: LiveEvent = {
  id: '42',
  kind: 'menu',
  entId: 'E',
  baseId: '',
  sheetId: '',
  vipIds: [],
  data: { goodsId: 'G', shopId: 'P', skuId: null, soldOut: true },
  at: '2026-11-25T20:00:00.000Z',
};

describe('the schema of the events and frames', () => {
  it('takes the outbox event and its frame for a viewer', () => {
    expect(checkOutboxEvent(progressed()).kind).toBe('progress');
    const frame = checkLiveFrame(forClient(progressed(), 'V1'));
    expect(frame.kind === 'progress' && frame.data.round).toEqual({ no: 1, byName: 'Chan', byPlace: 1, mine: true });
    expect(checkLiveFrame(forClient(soldOut, null)).kind).toBe('menu');
  });

  it.each<[string, LiveEvent]>([
    ['a renamed field', progressed({ progress: undefined, progres: 'ready' })],
    ['a progress that is not one', progressed({ progress: 'cooking' })],
    ['a status as text', progressed({ status: '1' })],
    ['a kind that is not one', { ...progressed(), kind: 'moved' as LiveEvent['kind'] }],
    ['a sold-out mark without its goods', { ...soldOut, data: { skuId: null, soldOut: true } }],
  ])('refuses %s', (_what, event) => {
    expect(() => checkLiveFrame(forClient(event, null))).toThrow(/does not match shared\/protocol\/live\.ts/);
  });

  it('a frame never carries VipIDs: the outbox round (with vip) is not a frame', () => {
    const { vipIds: _, ...withVip } = progressed();
    expect(() => checkLiveFrame(withVip)).toThrow(/round/);
  });
});

describe('a stream under CHECK_RESULTS', () => {
  const saved = process.env.CHECK_RESULTS;
  afterEach(() => {
    if (saved === undefined) delete process.env.CHECK_RESULTS;
    else process.env.CHECK_RESULTS = saved;
  });

  function openStream() {
    const res = recordingResponse();
    const logged: Error[] = [];
    let closed = 0;
    const stream = new Stream(res as unknown as ServerResponse, DEFAULT_EVENT_OPTIONS, 'V2', () => (closed += 1), frameCheck((err) => logged.push(err)));
    stream.replayed([]);
    return { res, stream, logged, closed: () => closed };
  }

  it('sends a right frame as it is', () => {
    process.env.CHECK_RESULTS = '1';
    const { res, stream } = openStream();
    stream.deliver(progressed());
    expect(res.text).toContain('id: 41\ndata: {');
    expect(res.text).toContain('"mine":false');
    expect(stream.closed).toBe(false);
    stream.close();
  });

  it('a wrong frame is not sent: the stream says it is invalid and ends', () => {
    process.env.CHECK_RESULTS = '1';
    const { res, stream, logged, closed } = openStream();
    stream.deliver(progressed({ payStatus: undefined, pay_status: 2 }));
    expect(res.text).not.toContain('id: 41');
    expect(res.text).toMatch(/event: invalid\ndata: \{"error":"a live frame does not match shared\/protocol\/live\.ts: data\.payStatus: /);
    expect(logged).toHaveLength(1);
    expect(stream.closed).toBe(true);
    expect(closed()).toBe(1);
  });

  it('with CHECK_RESULTS=0 (production) frames are not parsed', () => {
    process.env.CHECK_RESULTS = '0';
    expect(frameCheck()).toBeUndefined();
  });
});
