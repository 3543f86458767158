/**
 * Type test of the typed endpoints (checked by `npm run typecheck`, never
 * run): each `@ts-expect-error` must meet an error, or tsc fails with
 * "Unused '@ts-expect-error' directive". So the build breaks when an endpoint
 * may send a payload field, or read a result field, that the catalogue
 * (src/shared/protocol/schemas.ts) does not have.
 */
import { answer, request } from './operation';

export const typeTests = [
  // The catalogue's own fields are accepted.
  request('Phone_VerificationGet_V2_Add', [{ Phone: '66123456', AreaNo: '853', Purpose: 'login' }]),
  answer('Phone_SMSAreaGet_Get', (r) => r.table1.map((row) => row.AreaNo)),

  // @ts-expect-error -- a payload field the catalogue does not have
  request('Phone_VerificationGet_V2_Add', [{ Phone: '66123456', AreaNo: '853', Purpose: 'login', Bogus: 1 }]),
  // @ts-expect-error -- a required payload field left out
  request('EntVip_EntVipPhoneSubmit_Add', [{ Phone: '66123456', Code: '123456' }]),
  // @ts-expect-error -- a result field the catalogue does not have
  answer('Phone_SMSAreaGet_Get', (r) => r.table1.map((row) => row.Bogus)),
  // @ts-expect-error -- a result field read with the wrong type
  answer('Phone_SMSAreaGet_Get', (r): number[] => r.table1.map((row) => row.AreaNo)),
];
