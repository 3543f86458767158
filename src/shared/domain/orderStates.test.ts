import {
  cancelRefusal,
  canCancel,
  detailWords,
  displayState,
  kitchenColumn,
  nextProgress,
  PROGRESS,
  progressMove,
  SheetStatus,
  type DisplayState,
  type KitchenColumn,
  type KitchenSheet,
  type Progress,
  type ProgressMove,
  type SheetStateInput,
} from './orderStates';

const order = (over: Partial<SheetStateInput>): SheetStateInput => ({
  status: 0,
  payStatus: 0,
  progress: 'placed',
  isPayLater: false,
  businessMode: '1',
  takeType: 'pickup',
  payMode: 'prepay',
  ...over,
});

describe('displayState: every state of the service has its own', () => {
  it.each<[string, Partial<SheetStateInput>, DisplayState]>([
    ['unpaid prepay order', {}, 'unpaid'],
    ['unpaid and out of time', { expired: true }, 'expired'],
    ['paid, nobody started', { status: 1, payStatus: 2 }, 'paid'],
    ['paid, the kitchen started', { status: 1, payStatus: 2, progress: 'preparing' }, 'preparing'],
    ['paid, the food is ready', { status: 1, payStatus: 2, progress: 'ready' }, 'ready'],
    [
      'a delivery on its way',
      { status: 1, payStatus: 2, progress: 'delivering', takeType: 'delivery' },
      'delivering',
    ],
    [
      'a delivery done',
      { status: 1, payStatus: 2, progress: 'completed', takeType: 'delivery' },
      'completed',
    ],
    ['a pickup done', { status: 1, payStatus: 2, progress: 'completed' }, 'pickedUp'],
    ['a table sheet settled', { status: 3, payMode: 'postpay', takeType: 'dinein' }, 'checkedOut'],
    ['cancelled', { status: 2 }, 'cancelled'],
    ['closed unpaid and out of time', { status: 2, expired: true }, 'expired'],
    [
      'a table sheet being ordered on',
      { payMode: 'postpay', takeType: 'dinein', businessMode: '2' },
      'ordering',
    ],
    [
      'a table sheet whose food is ready',
      { payMode: 'postpay', takeType: 'dinein', progress: 'ready' },
      'ready',
    ],
    ['to be paid on collection', { isPayLater: true }, 'preparing'],
  ])('%s', (_what, over, state) => {
    expect(displayState(order(over))).toBe(state);
  });

  it('ready is not preparing', () => {
    expect(displayState(order({ progress: 'ready' }))).not.toBe(
      displayState(order({ progress: 'preparing' })),
    );
  });
});

describe('cancelRefusal: what the service would refuse, and why', () => {
  it.each<[string, Partial<SheetStateInput>, ReturnType<typeof cancelRefusal>]>([
    ['an unpaid order nobody started on', {}, null],
    ['a paid order nobody started on (refunded)', { status: 1, payStatus: 2 }, null],
    ['an open table sheet', { payMode: 'postpay', takeType: 'dinein' }, null],
    ['the kitchen started', { status: 1, payStatus: 2, progress: 'preparing' }, 'started'],
    ['the food is ready', { status: 1, payStatus: 2, progress: 'ready' }, 'started'],
    ['a payment under way', { payStatus: 1 }, 'paying'],
    ['already cancelled', { status: 2 }, 'closed'],
    ['checked out', { status: 3 }, 'closed'],
  ])('%s', (_what, over, refusal) => {
    expect(cancelRefusal(order(over))).toBe(refusal);
    expect(canCancel(order(over))).toBe(refusal === null);
  });
});

describe('progressMove: progress only moves forward', () => {
  it.each<[string, Progress, ProgressMove]>([
    ['placed', 'preparing', 'forward'],
    ['placed', 'completed', 'forward'],
    ['ready', 'ready', 'same'],
    ['ready', 'preparing', 'backward'],
    ['completed', 'placed', 'backward'],
    ['something unknown', 'placed', 'same'],
    ['something unknown', 'preparing', 'forward'],
  ])('%s -> %s is %s', (from, to, move) => {
    expect(progressMove(from, to)).toBe(move);
  });
});

describe('nextProgress: the kitchen button', () => {
  it.each<[string, string, Progress | null]>([
    ['placed', 'pickup', 'preparing'],
    ['preparing', 'dinein', 'ready'],
    ['ready', 'delivery', 'delivering'],
    ['ready', 'pickup', 'completed'],
    ['ready', 'dinein', 'completed'],
    ['delivering', 'delivery', 'completed'],
    ['completed', 'dinein', null],
    ['unknown', 'pickup', null],
  ])('%s (%s) -> %s', (progress, takeType, next) => {
    expect(nextProgress(progress, takeType)).toBe(next);
  });

  it('every next step is a forward move', () => {
    for (const p of PROGRESS) {
      for (const takeType of ['pickup', 'delivery', 'dinein']) {
        const next = nextProgress(p, takeType);
        if (next) expect(progressMove(p, next)).toBe('forward');
      }
    }
  });
});

describe('kitchenColumn: where a round is on the kitchen screen', () => {
  const sheet = (over: Partial<KitchenSheet> = {}): KitchenSheet => ({ status: SheetStatus.paid, displayState: 'paid', payMode: 'prepay', ...over });
  const r = (roundNo: number, progress: string) => ({ roundNo, progress });

  it.each<[string, KitchenSheet, string, KitchenColumn | null]>([
    ['a paid order nobody started on', sheet(), 'placed', 'new'],
    ['preparing', sheet(), 'preparing', 'preparing'],
    ['ready', sheet(), 'ready', 'ready'],
    ['on its way', sheet(), 'delivering', 'delivering'],
    ['served', sheet(), 'completed', null],
    ['unpaid', sheet({ status: SheetStatus.open, displayState: 'unpaid' }), 'placed', null],
    ['expired', sheet({ status: SheetStatus.open, displayState: 'expired' }), 'placed', null],
    ['closed', sheet({ status: SheetStatus.closed, displayState: 'cancelled' }), 'placed', null],
    ['checked out', sheet({ status: SheetStatus.checkedOut, displayState: 'checkedOut' }), 'ready', null],
    ['pay later', sheet({ status: SheetStatus.open, displayState: 'preparing' }), 'placed', 'new'],
  ])('%s', (_what, s, progress, column) => {
    expect(kitchenColumn(s, r(1, progress), [r(1, progress)])).toBe(column);
  });

  it("a table's sheet all served but unpaid stays under ready (its last round only)", () => {
    const table = sheet({ status: SheetStatus.open, displayState: 'ordering', payMode: 'postpay' });
    const rounds = [r(1, 'completed'), r(2, 'completed')];
    expect(kitchenColumn(table, rounds[0]!, rounds)).toBeNull();
    expect(kitchenColumn(table, rounds[1]!, rounds)).toBe('ready');
    // One round still in the kitchen: the served one leaves the board.
    const busy = [r(1, 'completed'), r(2, 'preparing')];
    expect(kitchenColumn(table, busy[0]!, busy)).toBeNull();
    expect(kitchenColumn(table, busy[1]!, busy)).toBe('preparing');
  });
});

describe("detailWords: a line's parts, add-ons and remarks", () => {
  const detail = JSON.stringify({ bomList: [{ GoodsName: 'Rice' }], attachmentList: [{ Value: 'Extra egg' }, { Value: '' }], remarkList: ['no onion'] });

  it('reads them in order, add-ons marked as asked', () => {
    expect(detailWords(detail)).toEqual(['Rice', 'Extra egg', 'no onion']);
    expect(detailWords(detail, '+ ')).toEqual(['Rice', '+ Extra egg', 'no onion']);
  });

  it('an empty detail has none; text that is not such JSON is one word', () => {
    expect(detailWords('  ')).toEqual([]);
    expect(detailWords('less ice')).toEqual(['less ice']);
    expect(detailWords('42')).toEqual(['42']);
    expect(detailWords('{"bomList": "not a list"}')).toEqual([]);
  });
});
