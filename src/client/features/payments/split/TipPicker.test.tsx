/** Issue 28 section 2: the tip picker: never preselected, 5/10/15 % or an amount, at most 30 % of the payment (the service's limit). */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { orderState } from '../../../test/orderFixtures';
import { renderWithProviders } from '../../../test/render';
import { NO_TIP, tipAmount, TipPicker, type TipValue } from './TipPicker';

function Picker({ amountMinor, seen }: { amountMinor: number; seen: (v: TipValue) => void }) {
  const [value, setValue] = useState<TipValue>(NO_TIP);
  return (
    <TipPicker
      amountMinor={amountMinor}
      value={value}
      onChange={(v) => {
        seen(v);
        setValue(v);
      }}
    />
  );
}

test('no tip is preselected; the percentages show their amounts; a custom tip over 30 % is refused saying the most', async () => {
  const user = userEvent.setup();
  const seen = jest.fn();
  renderWithProviders(<Picker amountMinor={10_000} seen={seen} />, {
    preloadedState: orderState(),
  });
  expect(await screen.findByRole('group', { name: 'Add a tip?' })).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'No tip' })).toBeChecked();
  expect(screen.getByRole('radio', { name: '5% (MOP$5.00)' })).not.toBeChecked();
  expect(screen.getByRole('radio', { name: '15% (MOP$15.00)' })).not.toBeChecked();
  await user.click(screen.getByRole('radio', { name: '10% (MOP$10.00)' }));
  expect(seen).toHaveBeenLastCalledWith({ choice: '10', custom: '' });

  await user.click(screen.getByRole('radio', { name: 'Other amount' }));
  await user.type(screen.getByRole('textbox', { name: 'Tip amount' }), '31');
  expect(screen.getByRole('alert')).toHaveTextContent('A tip can be at most MOP$30.00.');
  expect(screen.getByRole('textbox', { name: 'Tip amount' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await user.clear(screen.getByRole('textbox', { name: 'Tip amount' }));
  await user.type(screen.getByRole('textbox', { name: 'Tip amount' }), '30');
  expect(screen.queryByRole('alert')).toBeNull();
});

test('in Chinese', async () => {
  renderWithProviders(<Picker amountMinor={10_000} seen={() => undefined} />, {
    preloadedState: orderState(),
    locale: 'zh-CN',
  });
  expect(await screen.findByRole('radio', { name: '不给小费' })).toBeChecked();
});

test('tipAmount: percentages rounded half up, custom amounts checked against 30 % of the payment', () => {
  expect(tipAmount(NO_TIP, 4290, 2)).toEqual({ ok: true, minor: 0 });
  // 10 % of 42.90 = 4.29; 15 % of 42.90 = 6.435 -> 6.44
  expect(tipAmount({ choice: '10', custom: '' }, 4290, 2)).toEqual({ ok: true, minor: 429 });
  expect(tipAmount({ choice: '15', custom: '' }, 4290, 2)).toEqual({ ok: true, minor: 644 });
  expect(tipAmount({ choice: 'custom', custom: '12.87' }, 4290, 2)).toEqual({
    ok: true,
    minor: 1287,
  });
  expect(tipAmount({ choice: 'custom', custom: '12.88' }, 4290, 2)).toEqual({
    ok: false,
    problem: 'tooHigh',
    maxMinor: 1287,
  });
  expect(tipAmount({ choice: 'custom', custom: 'abc' }, 4290, 2)).toMatchObject({
    ok: false,
    problem: 'invalid',
  });
});
