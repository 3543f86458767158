/**
 * The catalogue types the app's endpoints (DESIGN "one operation, end to
 * end"): `request` takes the operation's own payload row type, so a field the
 * catalogue does not have is a type error, and `answer` hands the raw tables
 * to the feature's converter as the operation's result type, so reading a
 * field the catalogue does not have is one too. Type-only imports of the
 * schemas: nothing of zod reaches the bundle.
 *
 *   getThing: build.query<Thing, string>({
 *     query: (ThingID) => request('Thing_ThingGet_Get', [{ ThingID }]),
 *     transformResponse: answer('Thing_ThingGet_Get', (r) => toThing(r.table1[0])),
 *   }),
 */
import type { OperationName } from '../../shared/protocol/catalogue';
import type { ResultTables } from '../../shared/protocol/envelope';
import type { PayloadInput, ResultOf } from '../../shared/protocol/schemas';
import type { GatewayArgs } from './baseQuery';

/** The fields the transport adds to every tableData row (PROTOCOL.md). */
type TransportFields = 'EntID' | 'UserID' | 'AppID' | 'Secret' | 'BSN' | 'AppName';

/** One tableData row of an operation, as the feature writes it. */
export type RowOf<K extends OperationName> = Omit<PayloadInput<K>['tableData'][number], TransportFields>;
/** The operation's other row lists (an order's Item1). */
export type ExtraOf<K extends OperationName> = Omit<PayloadInput<K>, 'tableData'>;
/** The tables of an operation's answer. */
export type AnswerOf<K extends OperationName> = ResultOf<K>;

export interface RequestOptions<K extends OperationName> {
  extra?: ExtraOf<K>;
  silent?: boolean;
  probe?: boolean;
}

/**
 * The transport's arguments for one operation as a type only: what
 * `request()` returns, for the entry's modules, where even a helper's bytes
 * count (shop/shopApi.ts): `query: (a): CallOf<'Op'> => ({ op: 'Op', rows: [a] })`.
 */
export interface CallOf<K extends OperationName> extends RequestOptions<K> {
  op: K;
  rows: RowOf<K>[];
}

/** An operation's raw answer as a type only (a table the service leaves out is undefined): what `answer()` fills in. */
export type RawAnswerOf<K extends OperationName> = Partial<AnswerOf<K>>;

/** The transport's arguments for one operation, typed by the catalogue. */
export function request<K extends OperationName>(op: K, rows: RowOf<K>[], options: RequestOptions<K> = {}): GatewayArgs {
  return { op, rows, ...options } as GatewayArgs;
}

/**
 * A transformResponse for the operation: the converter reads the answer as
 * the catalogue types it (and may read the endpoint's argument). A table the
 * service leaves out comes as [].
 */
export function answer<K extends OperationName, T, A = void>(
  _op: K,
  convert: (result: AnswerOf<K>, arg: A) => T,
): (raw: ResultTables, meta: unknown, arg: A) => T {
  return (raw, _meta, arg) => {
    const tables = { table1: [], table2: [], table3: [], table4: [], table5: [], ...raw };
    return convert(tables as unknown as AnswerOf<K>, arg);
  };
}
