/**
 * Component tests' stand-in for the data endpoint (house style 10): one MSW
 * handler that decodes the form like the real gateway and switches on
 * strKeyName, answering from scenario tables. Named scenario helpers change
 * an answer for one test.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Envelope, ResultTables } from '../../shared/protocol/envelope';

export interface SeenRequest {
  op: string;
  serviceType: string;
  json: { tableData: Record<string, unknown>[]; [key: string]: unknown };
  form: URLSearchParams;
  headers: Headers;
}

type Answer = Envelope | ResultTables | 'network-error' | ((req: SeenRequest) => Envelope | ResultTables | 'network-error');

const ok = (data: ResultTables): Envelope => ({ errcode: '0', resultcode: '0', errmsg: '', resultmsg: '', data });
export const refusal = (code: string, errmsg: string, resultmsg = errmsg): Envelope => ({ errcode: code, resultcode: code, errmsg, resultmsg, data: {} });

export const seen: SeenRequest[] = [];
let answers = new Map<string, Answer>();

export function answer(op: string, value: Answer) {
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
  const configured = answers.get(req.op);
  const value = typeof configured === 'function' ? configured(req) : configured;
  if (value === 'network-error') return HttpResponse.error();
  if (value === undefined) return HttpResponse.json(refusal('50100', `no test answer for ${req.op}`));
  return HttpResponse.json('errcode' in value ? value : ok(value as ResultTables));
});

export const server = setupServer(gatewayHandler);

export function resetGateway() {
  answers = new Map();
  seen.length = 0;
}

// Scenario helpers -------------------------------------------------------------

export function makeNetworkFail(op: string) {
  answer(op, 'network-error');
}

export function makeRefuse(op: string, code: string, errmsg: string, resultmsg = errmsg) {
  answer(op, refusal(code, errmsg, resultmsg));
}
