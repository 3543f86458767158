/**
 * The one transport (SPEC sections 7-8): every operation is a form-encoded POST
 * of the catalogue entry's payload to the data endpoint. Never throws: a
 * network failure, a timeout and a refusal all come back as `{ error }`.
 * Showing errors is the error listener's job (errorListener.ts).
 */
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { catalogue, type OperationName } from '../../shared/protocol/catalogue';
import {
  DEFAULT_AUTHORIZATION_CODE,
  encodeForm,
  isSuccess,
  PLACEHOLDERS,
  SESSION_ERROR_CODES,
  type Envelope,
  type ResultTables,
} from '../../shared/protocol/envelope';
import type { DirectData } from '../sw/directData';
import { APP_NAME, gatewayUrl, REQUEST_TIMEOUT_MS } from './config';
import type { CallOf } from './operation';

/**
 * What an endpoint's query hands the transport: one operation of the
 * catalogue with its tableData rows (EntID, UserID, placeholders and AppName
 * are added here) and other row lists (Item1...), typed by the catalogue
 * (app/operation.ts), so no endpoint sends a field the operation does not
 * have. `silent`: the error listener does not toast a refusal (the caller
 * shows it); network failures still toast. `probe`: a session code is the
 * answer the caller asks about (who is signed in?), not a cue to sign in again.
 */
export type GatewayArgs = { [K in OperationName]: CallOf<K> }[OperationName];

export type GatewayError = (
  | { kind: 'network'; message: string }
  | { kind: 'timeout'; message: string }
  | { kind: 'session'; code: string; message: string }
  | { kind: 'business'; code: string; message: string; envelope: Envelope<unknown> }
) & { op: OperationName; silent?: boolean; probe?: boolean };

/** The part of the store the transport reads. */
export interface TransportState {
  shop: { params: { EntID: string; UserID: string } };
  ui: { locale: string };
}

/** Builds the strJsonData of a request as PROTOCOL.md shows it. */
export function buildJsonData(args: GatewayArgs, ids: { EntID: string; UserID: string }): string {
  const rows: readonly object[] = args.rows.length > 0 ? args.rows : [{}];
  const tableData = rows.map((row, i) => ({
    EntID: ids.EntID,
    UserID: ids.UserID,
    AppID: PLACEHOLDERS.AppID,
    Secret: PLACEHOLDERS.Secret,
    BSN: PLACEHOLDERS.BSN,
    ...(i === 0 ? { AppName: APP_NAME } : {}),
    ...row,
  }));
  return JSON.stringify({ tableData, ...args.extra });
}

/** The message a refusal shows: errmsg, else resultmsg, else the whole answer (SPEC section 8). */
export function refusalMessage(envelope: Partial<Envelope<unknown>>): string {
  return envelope.errmsg || envelope.resultmsg || JSON.stringify(envelope);
}

/** The menu's goods pages straight from the network, once the worker is registered (sw/directData.ts, register.tsx). */
let direct: DirectData | null = null;
export function takeDirectData(d: DirectData | null): void {
  direct = d;
}

export interface TransportOptions {
  fetchFn?: typeof fetch;
  timeoutMs?: number;
  authorizationCode?: string;
  url?: () => string;
}

export function createGatewayBaseQuery(
  options: TransportOptions = {},
): BaseQueryFn<GatewayArgs, ResultTables, GatewayError> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  return async (args, api) => {
    const result = await send(args, api);
    if ('error' in result) return { error: { ...result.error, op: args.op, silent: args.silent, probe: args.probe } as GatewayError };
    return result;
  };

  type Failure = { error: DistributiveOmit<GatewayError, 'op' | 'silent' | 'probe'> };
  async function send(args: GatewayArgs, api: Parameters<BaseQueryFn>[1]): Promise<{ data: ResultTables } | Failure> {
    const fetchFn = options.fetchFn ?? globalThis.fetch.bind(globalThis);
    const state = api.getState() as TransportState;
    const ids = state.shop.params;
    const entry = catalogue[args.op];
    const body = encodeForm({
      HBBWSType: String(entry.service),
      strKeyName: args.op,
      strJsonData: buildJsonData(args, ids),
      strAuthorizationCode: options.authorizationCode ?? DEFAULT_AUTHORIZATION_CODE,
      IsRSA: '0',
      APIEntID: ids.EntID,
    });
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    api.signal.addEventListener('abort', onAbort);
    let envelope: Envelope<unknown>;
    try {
      const url = (options.url ?? gatewayUrl)();
      const init: RequestInit = {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Accept-Language': state.ui.locale,
        },
        body,
        credentials: 'include',
        signal: controller.signal,
      };
      // The menu's goods pages straight from the network, kept by the worker after; failing, through the worker
      // (its kept menu offline). sw/directData.ts.
      const straight = direct?.goesDirect(args.op, url) ? direct : null;
      const first = straight && (await fetchFn(url, { ...init, mode: 'same-origin' }).catch(() => null));
      const response = first || (await fetchFn(url, init));
      const text = await response.text();
      if (first) {
        straight!.noteReached();
        if (first.ok) straight!.keepForOffline(body, state.ui.locale, text);
      }
      try {
        envelope = JSON.parse(text) as Envelope<unknown>;
      } catch {
        return { error: { kind: 'network', message: `HTTP ${response.status}` } };
      }
      if (typeof envelope !== 'object' || envelope === null || !('errcode' in envelope)) {
        return { error: { kind: 'network', message: `HTTP ${response.status}` } };
      }
    } catch (err) {
      if (timedOut) return { error: { kind: 'timeout', message: 'timeout' } };
      return { error: { kind: 'network', message: (err as Error).message } };
    } finally {
      clearTimeout(timer);
      api.signal.removeEventListener('abort', onAbort);
    }
    if (isSuccess(envelope)) return { data: (envelope.data ?? {}) as ResultTables };
    const code = String(envelope.errcode) !== '0' ? String(envelope.errcode) : String(envelope.resultcode);
    const message = refusalMessage(envelope);
    if (SESSION_ERROR_CODES.includes(code)) return { error: { kind: 'session', code, message } };
    return { error: { kind: 'business', code, message, envelope } };
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
