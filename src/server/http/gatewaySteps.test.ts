/**
 * The gateway's steps one by one (issue 25 item 8), without a server: the
 * payload read from the form and the access rule of the catalogue. The whole
 * call is gateway.test.ts.
 */
import { ErrorCode } from '../../shared/protocol/envelope';
import { OpError, type Session } from '../operations/context';
import { checkAccess, readPayload } from './gateway';

const config = { maxJsonDepth: 8, credentials: { AppID: 'the-app', Secret: 'the-secret', BSN: 'the-bsn' } };
const form = (fields: Record<string, string>) => new Map(Object.entries(fields));
const LINKS = 'Common_ServiceLinkGet_Get';

describe('readPayload', () => {
  it('parses the JSON, checks it with the catalogue and substitutes the placeholders', () => {
    const payload = readPayload(form({ strJsonData: JSON.stringify({ tableData: [{ LinkKey: 'about', AppID: '@AppID' }] }) }), LINKS, config);
    expect(payload.tableData[0]).toMatchObject({ LinkKey: 'about' });
    expect(payload.tableData[0]!.AppID).toBe('the-app');
  });

  it.each<[string, Record<string, string>, RegExp]>([
    ['an encrypted payload', { IsRSA: '1', strJsonData: '{"tableData":[{}]}' }, /IsRSA must be 0/],
    ['no payload', { strJsonData: '  ' }, /strJsonData is missing/],
    ['JSON nested deeper than allowed', { strJsonData: '{"tableData":[{"a":[[[[[[[[[[1]]]]]]]]]]}]}' }, /deep|depth|nest/i],
    ['a payload the schema refuses', { strJsonData: JSON.stringify({ tableData: [{ LinkKey: 'x'.repeat(100) }] }) }, /Common_ServiceLinkGet_Get/],
  ])('refuses %s', (_what, fields, reason) => {
    expect(() => readPayload(form(fields), LINKS, config)).toThrow(reason);
  });
});

describe('checkAccess', () => {
  const guest = { sessionId: 's', entId: 'E', vipId: 'G', role: 'guest' } as Session;
  const member = { ...guest, role: 'member' } as Session;
  const refusal = (f: () => void) => {
    try {
      f();
      return null;
    } catch (err) {
      return err instanceof OpError ? [err.key, err.code] : err;
    }
  };

  it('anyone, a session, a member, as the catalogue says', () => {
    expect(refusal(() => checkAccess(LINKS, null, true))).toBeNull();
    expect(refusal(() => checkAccess('PosSalSheet_NewCYSendSheetSubmit_Add', null, true))).toEqual(['loginRequired', ErrorCode.sessionRequired]);
    expect(refusal(() => checkAccess('PosSalSheet_NewCYSendSheetSubmit_Add', guest, true))).toBeNull();
    expect(refusal(() => checkAccess('EntVip_EntVipSubmit_Update', guest, true))).toEqual(['memberRequired', ErrorCode.forbidden]);
    expect(refusal(() => checkAccess('EntVip_EntVipSubmit_Update', null, true))).toEqual(['loginRequired', ErrorCode.sessionRequired]);
    expect(refusal(() => checkAccess('EntVip_EntVipSubmit_Update', member, true))).toBeNull();
  });

  it('an operation the service has no handler for is said to be unsupported', () => {
    expect(refusal(() => checkAccess(LINKS, null, false))).toEqual(['notSupported', ErrorCode.notSupported]);
  });
});
