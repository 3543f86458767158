import {
  cancelRefusal,
  canCancel,
  displayState,
  type DisplayState,
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
