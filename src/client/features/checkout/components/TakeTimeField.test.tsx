/**
 * The pickup time (issue 23): not a drop-down of every 15-minute slot, but
 * "As soon as possible" and the hours, then the times within the chosen hour
 * as buttons; in the outlet's time zone whatever the phone's; every control
 * labelled.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../../../test/render';
import { timeSlots } from '../timeSlots';
import { slotsByHour, TakeTimeField } from './TakeTimeField';

const ZONE = 'Asia/Macau';
// 12:07:30 in Macau on a day the outlet is open all day: slots 12:30 ... 23:45.
const NOW = new Date('2026-11-22T04:07:30Z');
const SLOTS = timeSlots(null, NOW, ZONE);

function Picker({ pickup = true, onPick = () => undefined }: { pickup?: boolean; onPick?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <TakeTimeField
      pickup={pickup}
      slots={SLOTS}
      zone={ZONE}
      value={value}
      onChange={(v) => {
        setValue(v);
        onPick(v);
      }}
    />
  );
}

test('the slots are 46, grouped into 12 hours of the outlet', () => {
  expect(SLOTS).toHaveLength(46);
  const hours = slotsByHour(SLOTS, ZONE);
  expect(hours.map(([h]) => h)).toEqual(['12', '13', '14', '15', '16', '17', '18', '19', '20', '21', '22', '23']);
  expect(hours[0]![1]).toHaveLength(2);
  expect(hours[1]![1]).toHaveLength(4);
});

test('as soon as possible, or an hour then a time within it', async () => {
  const user = userEvent.setup();
  const picked: string[] = [];
  renderWithProviders(<Picker onPick={(v) => picked.push(v)} />);
  const hour = await screen.findByRole('combobox', { name: 'Pickup time' });
  // As soon as possible plus one option an hour: 13, not 47.
  const options = within(hour).getAllByRole('option');
  expect(options.map((o) => o.textContent)).toEqual([
    'As soon as possible',
    '12:30 to 12:45',
    '13:00 to 13:45',
    '14:00 to 14:45',
    '15:00 to 15:45',
    '16:00 to 16:45',
    '17:00 to 17:45',
    '18:00 to 18:45',
    '19:00 to 19:45',
    '20:00 to 20:45',
    '21:00 to 21:45',
    '22:00 to 22:45',
    '23:00 to 23:45',
  ]);
  expect(hour).toHaveValue('');
  expect(screen.queryByRole('group', { name: 'Exact time' })).toBeNull();

  await user.selectOptions(hour, '13:00 to 13:45');
  // The hour's first time is chosen; its four times are buttons, the chosen one checked.
  expect(picked).toEqual(['2026-11-22T05:00:00.000Z']);
  const exact = screen.getByRole('group', { name: 'Exact time' });
  const times = within(exact).getAllByRole('radio');
  expect(times.map((r) => r.closest('label')!.textContent)).toEqual(['13:00', '13:15', '13:30', '13:45']);
  expect(within(exact).getByRole('radio', { name: '13:00' })).toBeChecked();

  await user.click(within(exact).getByRole('radio', { name: '13:30' }));
  expect(picked.at(-1)).toBe('2026-11-22T05:30:00.000Z');
  expect(within(exact).getByRole('radio', { name: '13:30' })).toBeChecked();
  expect(hour).toHaveValue('13');

  // Back to as soon as possible: no time.
  await user.selectOptions(hour, 'As soon as possible');
  expect(picked.at(-1)).toBe('');
  expect(screen.queryByRole('group', { name: 'Exact time' })).toBeNull();
});

test('in the outlet\'s time zone and language, whatever the phone\'s', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Picker pickup={false} />, { locale: 'zh-CN' });
  const hour = await screen.findByRole('combobox', { name: '送达时间' });
  // 12:30 in Macau is 04:30 UTC: the outlet's clock is shown.
  expect(within(hour).getAllByRole('option')[1]).toHaveTextContent('12:30');
  await user.selectOptions(hour, within(hour).getAllByRole('option')[2]!);
  expect(within(screen.getByRole('group')).getAllByRole('radio')).toHaveLength(4);
});

test('a single slot in an hour is shown as that time', async () => {
  const one = [new Date('2026-11-22T15:45:00Z')]; // 23:45 in Macau
  renderWithProviders(<TakeTimeField pickup slots={one} zone={ZONE} value="" onChange={() => undefined} />);
  expect(within(await screen.findByRole('combobox', { name: 'Pickup time' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
    'As soon as possible',
    '23:45',
  ]);
});
