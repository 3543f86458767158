/**
 * The wire format of the one data endpoint (SPEC section 7, PROTOCOL.md):
 * a form-encoded POST to /HBBAPI/GetData, answered by a JSON envelope.
 */

export const GATEWAY_PATH = '/HBBAPI/GetData';

/** HBBWSType: which back-end service an operation belongs to. */
export const ServiceType = {
  service: 1,
  bank: 2,
  file: 3,
  log: 4,
  open: 5,
  task: 6,
  retail: 7,
  common: 8,
} as const;
export type ServiceTypeNumber = (typeof ServiceType)[keyof typeof ServiceType];

/** The credentials the client cannot know; the server substitutes its own. */
export const PLACEHOLDERS = { AppID: '@AppID', Secret: '@Secret', BSN: '@BSN' } as const;

/** The fixed authorization code the captures send; configurable on both sides. */
export const DEFAULT_AUTHORIZATION_CODE = 'hbb';

/** The form fields of a request. */
export interface GatewayForm {
  HBBWSType: string;
  strKeyName: string;
  strJsonData: string;
  strAuthorizationCode: string;
  IsRSA: string;
  APIEntID?: string;
}

export type ResultRow = Record<string, unknown>;
export interface ResultTables {
  table1?: ResultRow[];
  table2?: ResultRow[];
  table3?: ResultRow[];
  table4?: ResultRow[];
  table5?: ResultRow[];
}

export interface Envelope<D = ResultTables> {
  errcode: string;
  resultcode: string;
  errmsg: string;
  resultmsg: string;
  data: D;
}

export const SUCCESS = '0';

/** Success only when errcode and resultcode are both "0" (SPEC section 7). */
export function isSuccess(envelope: Pick<Envelope<unknown>, 'errcode' | 'resultcode'>): boolean {
  return String(envelope.errcode) === SUCCESS && String(envelope.resultcode) === SUCCESS;
}

/**
 * The errcodes this service answers with. The session codes ("1", "2",
 * "42000") mean the caller must sign in again; the rest are ours.
 */
export const ErrorCode = {
  /** No session, or the session has ended: sign in (again). */
  sessionRequired: '42000',
  sessionExpired: '1',
  sessionInvalid: '2',
  /** The request itself is malformed: form, JSON, payload shape. */
  badRequest: '40000',
  /** strAuthorizationCode is missing or wrong. */
  badAuthorization: '40100',
  /** The caller's role may not call the operation (a guest calling a member operation). */
  forbidden: '40300',
  /** No such operation. */
  unknownOperation: '40400',
  /**
   * EntVip_EntVipLoginGet_V1_Get: no member is linked to this openid in the
   * enterprise (SPEC section 7: "a specific error code yields null"). The app
   * treats it as "no member" and registers one; it is not an error to show.
   */
  memberNotFound: '40401',
  /** Request body too large. */
  tooLarge: '41300',
  /** Too many requests from this client or member. */
  rateLimited: '42900',
  /** A rule of the business refused the request (message says which). */
  business: '50000',
  /** The client's figures disagree with the server's. */
  mismatch: '50010',
  /** The operation is in the catalogue but this service does not implement it yet. */
  notSupported: '50100',
  /** Something broke on the server; details are in its log, not in the answer. */
  internal: '59999',
  /**
   * The service is too busy to take the request now (every database
   * connection in use and the queue for one full): nothing was done, the same
   * request may be sent again in a moment (the answer has Retry-After: 1).
   */
  busy: '50300',
} as const;

export const SESSION_ERROR_CODES: readonly string[] = [
  ErrorCode.sessionExpired,
  ErrorCode.sessionInvalid,
  ErrorCode.sessionRequired,
];

/** Builds the form body of a request (the client's side of the wire). */
export function encodeForm(form: GatewayForm): string {
  const params = new URLSearchParams();
  params.set('HBBWSType', form.HBBWSType);
  params.set('strKeyName', form.strKeyName);
  params.set('strJsonData', form.strJsonData);
  params.set('strAuthorizationCode', form.strAuthorizationCode);
  params.set('IsRSA', form.IsRSA);
  if (form.APIEntID !== undefined) params.set('APIEntID', form.APIEntID);
  return params.toString();
}

/** Formats a decimal the way the real service sends it: a string with four places. */
export function decimal4(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '0.0000';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '0.0000';
  return n.toFixed(4);
}
