/**
 * Type test (tsc, never run): the staff stand-ins are held to what the staff
 * client returns, so a stand-in with a field the answer lacks, or a value of
 * the wrong type, fails `npm run typecheck`, as the app's gateway.typetest.ts.
 */
import { goods, line, member, round, scenario, sheet } from './standIns';

export const fine = [sheet({ tableName: 'A03', rounds: [round({ progress: 'ready', items: [line({ qua: '2' })] })] }), goods({ soldOut: true }), member({ Balance: '1.00' })];

// @ts-expect-error: no such field on a sheet
sheet({ tableNo: 'A03' });
// @ts-expect-error: status is a number
sheet({ status: '1' });
// @ts-expect-error: a round's lines are lines
round({ items: [{ goodsName: 'Milk tea' }] });
// @ts-expect-error: soldOut is a boolean
goods({ soldOut: 'yes' });
// @ts-expect-error: no such field on a member
member({ Points: '3' });
// @ts-expect-error: the scenario's outlets are outlets
scenario.outlets = [{ baseId: 'B1' }];
