/**
 * Type test of the component tests' gateway stand-in (checked by
 * `npm run typecheck`, never run): each `@ts-expect-error` must meet an
 * error, or tsc fails with "Unused '@ts-expect-error' directive". So a
 * scenario's answer may name only the result fields the catalogue
 * (src/shared/protocol/schemas.ts) has, with their types; it may leave out
 * any it does not need.
 */
import { answer, makeNetworkFail, makeRefuse, refusal, type StandIn, type StandInRow } from './gateway';

/** A fixture typed by the row, as the tests type theirs (the literal 1 stays 0 | 1). */
const member: Partial<StandInRow<'EntVip_EntVipDetailGet_V1_Get'>> = { VipID: 'VIP1', IsGuest: 1 };
/** The same, widened: IsGuest is a number, which the catalogue's 0 | 1 refuses. */
const widened = { VipID: 'VIP1', IsGuest: 1 };
/** A row built by a helper, with a field the member row does not have. */
const extra = { VipID: 'VIP1', Nickname: 'Ann' };

export const typeTests = [
  // The catalogue's own fields, only those the scenario needs, in any of the result's tables.
  answer('Phone_SMSAreaGet_Get', { table1: [{ AreaNo: '853' }] }),
  answer('EntVip_EntVipDetailGet_V1_Get', { table1: [member] }),
  answer('PosSalSheet_PosSalSheetDetailGet_V2_Get', { table1: [{ SheetID: 'SH1', IsPayLater: 1 }], table4: [{ RoundNo: 1, ByName: '', ByPlace: 2 }] }),
  answer('Finance_PaySubmit_V2_Update', (req) => ({ table1: [{ PayID: String(req.json.tableData[0]?.PayID), Status: 'paid' }] })),
  // A refusal, a broken network and an envelope of its own are any operation's.
  answer('Finance_PaySubmit_V2_Update', refusal('50000', 'refused')),
  answer('Finance_PaySubmit_V2_Update', 'network-error'),
  answer('Finance_PaySubmit_V2_Update', () => refusal('50000', 'refused')),
  makeRefuse('Phone_SMSAreaGet_Get', '50000', 'refused'),
  makeNetworkFail('Phone_SMSAreaGet_Get'),

  // @ts-expect-error -- an operation the catalogue does not have
  answer('Phone_SMSAreaGet', { table1: [] }),
  // @ts-expect-error -- a result field the catalogue does not have
  answer('Phone_SMSAreaGet_Get', { table1: [{ AreaNo: '853', AreaNameFR: 'Macao' }] }),
  // @ts-expect-error -- a result field with a value of the wrong type (Sort is a number)
  answer('Phone_SMSAreaGet_Get', { table1: [{ AreaNo: '853', Sort: '1' }] }),
  // @ts-expect-error -- a value outside the field's literals (IsGuest is 0 or 1)
  answer('EntVip_EntVipDetailGet_V1_Get', { table1: [{ VipID: 'VIP1', IsGuest: 2 }] }),
  // @ts-expect-error -- a widened fixture: its IsGuest is any number
  answer('EntVip_EntVipDetailGet_V1_Get', { table1: [widened] }),
  // @ts-expect-error -- a table the result does not have (the area list has only table1)
  answer('Phone_SMSAreaGet_Get', { table1: [], table2: [{ TotalCount: 0 }] }),
  // @ts-expect-error -- a row of another operation's table (a payment status is 'paid', not a number)
  answer('Finance_PaySubmit_V2_Update', { table1: [{ PayID: 'P1', Status: 1 }] }),
  // @ts-expect-error -- a scenario function's answer: a status the catalogue does not have
  answer('Finance_PaySubmit_V2_Update', () => ({ table1: [{ PayID: 'P1', Status: 'done' }] })),
  // @ts-expect-error -- a scenario function's answer: no such field (tsc alone checks none in what a function returns)
  answer('Finance_PaySubmit_V2_Update', () => ({ table1: [{ PayID: 'P1', Paid: true }] })),
  // @ts-expect-error -- a row built elsewhere with a field the result lacks (tsc alone checks only rows written in place)
  answer('EntVip_EntVipDetailGet_V1_Get', { table1: [extra] }),
  // @ts-expect-error -- a row of another operation: the guest sign-in's row has no Sex
  answer('EntVip_EntVipGuestLogin_Add', { table1: [member] }),
];

/** StandIn and StandInRow type a test's fixtures ahead of the answer. */
export const fixtures: StandIn<'VipAddress_VipAddressListByPage_Get'>[] = [
  { table1: [{ AddressID: 'A1', GPS_Lng: null, IsDefault: 0 }], table2: [{ TotalCount: 1 }] },
  // @ts-expect-error -- an address row has no Address field
  { table1: [{ AddressID: 'A1', Address: 'Rua 1' }] },
  // @ts-expect-error -- GPS_Lng is a number or null, not a string
  { table1: [{ AddressID: 'A1', GPS_Lng: '113.5' }] },
];
