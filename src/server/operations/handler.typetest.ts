/**
 * Type test (run by `npm run typecheck`, never executed): a handler's answer
 * is held to its operation's result schema by tsc. Each `@ts-expect-error`
 * below fails the typecheck if the mistake it marks stops being an error.
 */
import type { Handler, HandlerMap, RowOf } from './context';

// The right shape compiles.
export const right: Handler<'Common_ServiceLinkGet_Get'> = async () => ({ table1: [{ LinkKey: 'k', LinkValue: 'v' }] });

// A field beyond the schema's is allowed, as the protocol allows it (the real
// service answers more columns than the app reads; result schemas strip them).
export const extraField: Handler<'Common_ServiceLinkGet_Get'> = async () => ({ table1: [{ LinkKey: 'k', LinkValue: 'v', LinkUrl: 'x' }] });

// A field missing.
// @ts-expect-error LinkValue is missing
export const missingField: Handler<'Common_ServiceLinkGet_Get'> = async () => ({ table1: [{ LinkKey: 'k' }] });

// A value of the wrong type (a count as text).
// @ts-expect-error TotalCount is a number
export const wrongType: Handler<'Table_BaseTablesListByPage_Get'> = async () => ({ table1: [], table2: [{ TotalCount: '3' }] });

// A flag outside 0 | 1.
export const map: HandlerMap = {
  // @ts-expect-error the delete answers [{AddressID}], not a count
  async VipAddress_VipAddressSubmit_Delete() {
    return { table1: [{ Deleted: 1 }] };
  },
};
const bit: RowOf<'VipAddress_VipAddressDetailGet_Get'>['IsDefault'] = 1;
// @ts-expect-error 2 is not a bit
const notBit: RowOf<'VipAddress_VipAddressDetailGet_Get'>['IsDefault'] = 2;
export const rows = [bit, notBit];
