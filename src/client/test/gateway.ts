/**
 * Component tests' stand-in for the data endpoint (house style 10): one MSW
 * handler that decodes the form like the real gateway and switches on
 * strKeyName, answering from scenario tables. Named scenario helpers change
 * an answer for one test.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Envelope, ResultTables } from '../../shared/protocol/envelope';
import type { OperationName } from '../../shared/protocol/catalogue';
import type { ResultInput } from '../../shared/protocol/schemas';

export interface SeenRequest {
  op: string;
  serviceType: string;
  json: { tableData: Record<string, unknown>[]; [key: string]: unknown };
  form: URLSearchParams;
  headers: Headers;
}

/**
 * One row of one of an operation's result tables as the service writes it
 * (the result schema's input: before its transforms, as it crosses the wire).
 */
export type StandInRow<K extends OperationName, T extends keyof ResultInput<K> = 'table1' & keyof ResultInput<K>> =
  NonNullable<ResultInput<K>[T]> extends readonly (infer R)[] ? R : never;

/**
 * A stand-in answer of operation K: any of its result tables, each row naming
 * only the fields the scenario needs. A field the result schema does not have,
 * or a value of the wrong type, fails tsc (src/client/test/gateway.typetest.ts).
 */
export type StandIn<K extends OperationName> = {
  [T in keyof ResultInput<K>]?: Partial<StandInRow<K, T>>[];
};

export type Answer<K extends OperationName> =
  | Envelope
  | StandIn<K>
  | 'network-error'
  | ((req: SeenRequest) => Envelope | StandIn<K> | 'network-error');

/** A row with every field the result's row R lacks turned to never. */
type ExactRow<R, V> = { [F in keyof V]: F extends keyof R ? V[F] : never };
/** Tables with every table, and every row field, the result of K lacks turned to never. */
type ExactTables<K extends OperationName, V> = {
  [T in keyof V]: T extends keyof ResultInput<K> ? (V[T] extends readonly (infer Row)[] ? ExactRow<StandInRow<K, T>, Row>[] : V[T]) : never;
};
type ExactValue<K extends OperationName, V> = V extends Envelope | 'network-error' ? V : ExactTables<K, V>;
/**
 * The answer V as K's result allows it exactly. tsc checks unknown fields only
 * in an object literal written in place; intersected with this, an answer built
 * elsewhere (a fixture helper's row, what a scenario function returns) is held
 * to the result's fields too.
 */
type Exact<K extends OperationName, V> = V extends (req: SeenRequest) => infer R ? (req: SeenRequest) => ExactValue<K, R> : ExactValue<K, V>;

type StoredAnswer = Envelope | ResultTables | 'network-error' | ((req: SeenRequest) => Envelope | ResultTables | 'network-error');

const ok = (data: ResultTables): Envelope => ({ errcode: '0', resultcode: '0', errmsg: '', resultmsg: '', data });
export const refusal = (code: string, errmsg: string, resultmsg = errmsg): Envelope => ({ errcode: code, resultcode: code, errmsg, resultmsg, data: {} });

export const seen: SeenRequest[] = [];
let answers = new Map<string, StoredAnswer>();
let held = new Map<string, Promise<void>>();

/**
 * Answers every later call of op with value: a refusal or envelope, a broken
 * network, or op's result tables (or a function of the request giving one of
 * these). Each row may leave out any field, but may name only the fields of
 * op's result schema, each with its type, in the tables it has.
 */
export function answer<K extends OperationName, V extends Answer<K>>(op: K, value: V & Exact<K, V>) {
  // The tables are checked against op's result schema above; the handler only passes them on.
  answers.set(op, value);
}

export const gatewayHandler = http.post('*/HBBAPI/GetData', async ({ request }) => {
  const form = new URLSearchParams(await request.text());
  const req: SeenRequest = {
    op: form.get('strKeyName') ?? '',
    serviceType: form.get('HBBWSType') ?? '',
    json: JSON.parse(form.get('strJsonData') ?? '{}') as SeenRequest['json'],
    form,
    headers: request.headers,
  };
  seen.push(req);
  await held.get(req.op);
  const configured = answers.get(req.op);
  const value = typeof configured === 'function' ? configured(req) : configured;
  if (value === 'network-error') return HttpResponse.error();
  if (value === undefined) return HttpResponse.json(refusal('50100', `no test answer for ${req.op}`));
  return HttpResponse.json('errcode' in value ? value : ok(value as ResultTables));
});

export const server = setupServer(gatewayHandler);

export function resetGateway() {
  answers = new Map();
  held = new Map();
  seen.length = 0;
}

// Scenario helpers -------------------------------------------------------------

/**
 * Holds op's answers until the returned release is called: a page's waiting state (loading, a field
 * disabled until its value is read) stays on screen as long as the test needs it, whatever the app's
 * render timing (answers render at the end of their task, app/store.ts).
 */
export function holdAnswers(op: OperationName): () => void {
  let release: () => void = () => undefined;
  held.set(op, new Promise<void>((r) => (release = r)));
  return () => release();
}

export function makeNetworkFail(op: OperationName) {
  answer(op, 'network-error');
}

export function makeRefuse(op: OperationName, code: string, errmsg: string, resultmsg = errmsg) {
  answer(op, refusal(code, errmsg, resultmsg));
}
