/**
 * What a handler gets: its transaction, the caller's session, the caller's
 * language, the service's clock and configuration, and a way to start or end
 * the session (which the gateway turns into a cookie).
 */
import { ErrorCode } from '../../shared/protocol/envelope';
import type { OperationName } from '../../shared/protocol/catalogue';
import type { PayloadOf, ResultInput } from '../../shared/protocol/schemas';
import type { Queryable } from '../db/driver';
import type { Lang, MessageKey } from '../messages';
import type { Config } from '../config';

export interface Session {
  sessionId: string;
  entId: string;
  vipId: string | null;
  role: 'guest' | 'member';
}

export interface OpContext {
  tx: Queryable;
  session: Session | null;
  lang: Lang;
  now: Date;
  config: Config;
  /** Values substituted for the @AppID/@Secret/@BSN placeholders. */
  credentials: { AppID: string; Secret: string; BSN: string };
  /** The client's IP address (as Fastify's req.ip sees it); absent outside the gateway. */
  ip?: string;
  /** Starts a session for this member (or guest); the gateway sets the cookie. */
  startSession(entId: string, vipId: string, role: Session['role']): Promise<Session>;
  /** Ends the caller's session: its row is deleted and the gateway clears the cookie (absent outside the gateway). */
  endSession?(): Promise<void>;
  /** The tables this browser scanned the code of, within http/tableScan.ts SCAN_VALID_HOURS (empty outside the gateway). */
  scannedTables?: readonly string[];
  /** Records that this browser scanned the table's code (the gateway sets the cookie). */
  rememberScan?(tableId: string): void;
}

export type Handler<K extends OperationName> = (
  ctx: OpContext,
  payload: PayloadOf<K>,
) => Promise<ResultInput<K>>;

/**
 * One row of one of an operation's result tables, as a handler writes it: SQL
 * rows are typed with it (`tx.query<RowOf<'Op'>>(...)`), so tsc holds a
 * handler's shape and the gateway's result check (under tests) holds the SQL.
 */
export type RowOf<K extends OperationName, T extends keyof ResultInput<K> = 'table1' & keyof ResultInput<K>> =
  NonNullable<ResultInput<K>[T]> extends readonly (infer R)[] ? R : never;

export type HandlerMap = { [K in OperationName]?: Handler<K> };

/**
 * A refusal a user may see: a code from ErrorCode and a message in the
 * caller's language. The handler's writes are rolled back, unless the refusal
 * says `{ commit: true }`: then they are committed and the refusal answered
 * (a wrong SMS code must count as a try although the call is refused).
 */
export class OpError extends Error {
  readonly commit: boolean;
  constructor(
    readonly key: MessageKey,
    readonly code: string = ErrorCode.business,
    readonly values: Record<string, string | number> = {},
    options: { commit?: boolean } = {},
  ) {
    super(key);
    this.commit = options.commit ?? false;
  }
}
