/**
 * Third-party payment: the interface the service pays through, and the
 * sandbox provider that stands in for a real one (DESIGN.md, "Sandbox
 * providers are honest stand-ins").
 *
 * The flow is a real provider's:
 *   1. the service asks the provider to create a payment (createPayment) and
 *      sends the customer's browser to the provider's page (payUrl);
 *   2. the customer confirms or cancels there; the provider tells the service
 *      server to server, with a signed callback to the notify URL
 *      (POST /payments/callback), and sends the browser back to the return URL
 *      (the app's paying page), which polls the payment's status;
 *   3. the service checks the callback's signature (verifyCallback) and
 *      credits the payment exactly once; queryPayment lets it ask the provider
 *      when a callback is late; refund gives the money back.
 *
 * The sandbox keeps its own ledger (table sandbox_payment, as a real provider
 * keeps its own database) and serves its confirm page from the same service
 * (http/payments.ts, only when config.sandbox is on). Callbacks are signed
 * with HMAC-SHA256 and config.paymentSecret; the secret never reaches a
 * browser.
 *
 * Callback body (JSON, every value a string):
 *   {"payId", "status": "paid" | "cancelled" | "failed", "providerRef",
 *    "amount": "25.50", "currency": "MOP", "timestamp": "<ISO>", "nonce",
 *    "sign": hex(HMAC-SHA256(secret, canonical))}
 * canonical: every field but "sign", sorted by name, as name=encodeURIComponent(value), joined by '&'.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { Queryable } from '../db/driver';

export type CallbackStatus = 'paid' | 'cancelled' | 'failed';

export interface CreatePaymentRequest {
  payId: string;
  /** The amount to charge, a decimal string ('25.50'). */
  amount: string;
  currency: string;
  description: string;
  /** Where the provider sends the customer's browser afterwards. */
  returnUrl: string;
  /** Where the provider posts its signed callback. */
  notifyUrl: string;
}

export interface PaymentCallback {
  payId: string;
  status: CallbackStatus;
  providerRef: string;
  /** The amount the provider charged, a decimal string. */
  amount: string;
}

/** What a callback handler hands the provider to verify: the request as received. */
export interface CallbackRequest {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface ProviderPayment {
  payId: string;
  status: 'pending' | 'paid' | 'cancelled' | 'refunded';
  amount: string;
  providerRef: string;
}

export interface PaymentProvider {
  /** The PayType this provider answers to (shop_account.pay_type, payment.pay_type). */
  readonly payType: 'sandbox';
  createPayment(request: CreatePaymentRequest): Promise<{ payUrl: string }>;
  /** The callback's content when its signature is right and it is well formed; otherwise null. */
  verifyCallback(request: CallbackRequest): PaymentCallback | null;
  refund(request: { payId: string; amount: string }): Promise<{ ok: boolean }>;
  /**
   * Gives back part of a paid payment (a voided line, issue 26 section 5).
   * `refundId` is ours: asking again with the same id is not a second refund.
   * Refused (ok false) when the payment is not paid or the parts would
   * exceed what was paid.
   */
  refundPart(request: { payId: string; refundId: string; amount: string }): Promise<{ ok: boolean }>;
  queryPayment(payId: string): Promise<ProviderPayment | null>;
  /**
   * Closes a pending payment at the provider, so it can no longer be paid (a
   * real provider's "close order"). Answers the payment as the provider has it
   * afterwards: 'cancelled' when it was closed, 'paid' (or 'refunded') when
   * the customer had paid it first; null when the provider does not know it.
   */
  cancelPayment(payId: string): Promise<ProviderPayment | null>;
  /** The provider's user id for one of our members (from the provider's sign-in code in production). */
  getUserInfo(request: { vipId: string; code?: string }): Promise<{ openId: string }>;
}

// Signatures ------------------------------------------------------------------------

const CALLBACK_FIELDS = ['payId', 'status', 'providerRef', 'amount', 'currency', 'timestamp', 'nonce'] as const;
const CALLBACK_STATUSES: readonly string[] = ['paid', 'cancelled', 'failed'];
const AMOUNT = /^\d{1,14}(\.\d{1,4})?$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

export type CallbackBody = Record<(typeof CALLBACK_FIELDS)[number], string> & { sign: string };

/** The text a callback's signature covers. */
export function canonicalize(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${encodeURIComponent(fields[k]!)}`)
    .join('&');
}

export function signFields(secret: string, fields: Record<string, string>): string {
  return createHmac('sha256', secret).update(canonicalize(fields)).digest('hex');
}

/** A signed callback body, as the provider sends it. */
export function signCallback(secret: string, fields: Omit<CallbackBody, 'sign'>): CallbackBody {
  return { ...fields, sign: signFields(secret, fields) };
}

/** Checks a callback body's shape and signature; the callback or null. */
export function verifySignedCallback(secret: string, body: unknown): PaymentCallback | null {
  if (!secret || typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const key of CALLBACK_FIELDS) {
    const value = record[key];
    if (typeof value !== 'string' || value.length > 200) return null;
    fields[key] = value;
  }
  const sign = record.sign;
  if (typeof sign !== 'string' || !SIGNATURE.test(sign)) return null;
  const expected = Buffer.from(signFields(secret, fields), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sign, 'hex'))) return null;
  if (!CALLBACK_STATUSES.includes(fields.status!) || !AMOUNT.test(fields.amount!) || !fields.payId) return null;
  return {
    payId: fields.payId,
    status: fields.status as CallbackStatus,
    providerRef: fields.providerRef!,
    amount: fields.amount!,
  };
}

// The sandbox provider -----------------------------------------------------------------

type LedgerRow = {
  pay_id: string;
  amount: string;
  currency: string;
  description: string;
  return_url: string;
  notify_url: string;
  status: ProviderPayment['status'];
  provider_ref: string;
};

/** A sandbox payment as its confirm page shows it. */
export interface SandboxPayment {
  payId: string;
  amount: string;
  currency: string;
  description: string;
  returnUrl: string;
  notifyUrl: string;
  status: ProviderPayment['status'];
  providerRef: string;
}

const toSandboxPayment = (r: LedgerRow): SandboxPayment => ({
  payId: r.pay_id,
  amount: r.amount,
  currency: r.currency,
  description: r.description,
  returnUrl: r.return_url,
  notifyUrl: r.notify_url,
  status: r.status,
  providerRef: r.provider_ref,
});

/** The sandbox's path for a payment's confirm page. */
export const sandboxPayPath = (payId: string) => `/sandbox/pay/${encodeURIComponent(payId)}`;

/**
 * The sandbox provider over a store (the database, or the transaction of the
 * operation that calls it: its ledger rows then commit or roll back with the
 * operation's own).
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly payType = 'sandbox' as const;

  constructor(
    private readonly secret: string,
    private readonly store: Queryable,
    private readonly now: () => Date,
    /** Prefix of the confirm page's URL ('' for a path on this service). */
    private readonly origin = '',
  ) {}

  async createPayment(request: CreatePaymentRequest): Promise<{ payUrl: string }> {
    const now = this.now();
    await this.store.query(
      `INSERT INTO sandbox_payment (pay_id, amount, currency, description, return_url, notify_url, status, provider_ref, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $8) ON CONFLICT (pay_id) DO NOTHING`,
      [request.payId, request.amount, request.currency, request.description.slice(0, 200), request.returnUrl, request.notifyUrl, `SBX${randomBytes(8).toString('hex').toUpperCase()}`, now],
    );
    return { payUrl: `${this.origin}${sandboxPayPath(request.payId)}` };
  }

  verifyCallback(request: CallbackRequest): PaymentCallback | null {
    return verifySignedCallback(this.secret, request.body);
  }

  async refund({ payId, amount }: { payId: string; amount: string }): Promise<{ ok: boolean }> {
    // What is left after any partial refunds (refundPart) is refunded: the payment is then refunded whole.
    const [row] = await this.store.query<{ status: string }>(
      `UPDATE sandbox_payment SET status = 'refunded', refunded_amount = refunded_amount + $2::numeric, updated_at = $3
        WHERE pay_id = $1 AND status = 'paid' AND amount - refunded_amount >= $2::numeric RETURNING status`,
      [payId, amount, this.now()],
    );
    if (row) return { ok: true };
    // Asked again for the same refund: it was made (the payment is refunded whole).
    const [again] = await this.store.query(
      `SELECT 1 AS one FROM sandbox_payment WHERE pay_id = $1 AND status = 'refunded' AND refunded_amount = amount
          AND amount - (SELECT COALESCE(sum(r.amount), 0) FROM sandbox_refund r WHERE r.pay_id = $1) = $2::numeric`,
      [payId, amount],
    );
    return { ok: Boolean(again) };
  }

  async refundPart({ payId, refundId, amount }: { payId: string; refundId: string; amount: string }): Promise<{ ok: boolean }> {
    const [done] = await this.store.query<{ pay_id: string; amount: string }>('SELECT pay_id, amount::text AS amount FROM sandbox_refund WHERE refund_id = $1', [refundId]);
    // Asked again for the same refund: it was made (once).
    if (done) return { ok: done.pay_id === payId && Number(done.amount) === Number(amount) };
    const [row] = await this.store.query<{ status: string }>(
      `UPDATE sandbox_payment SET refunded_amount = refunded_amount + $2::numeric,
              status = CASE WHEN refunded_amount + $2::numeric = amount THEN 'refunded' ELSE status END, updated_at = $3
        WHERE pay_id = $1 AND status = 'paid' AND $2::numeric > 0 AND refunded_amount + $2::numeric <= amount RETURNING status`,
      [payId, amount, this.now()],
    );
    if (!row) return { ok: false };
    await this.store.query('INSERT INTO sandbox_refund (refund_id, pay_id, amount, created_at) VALUES ($1, $2, $3, $4)', [refundId, payId, amount, this.now()]);
    return { ok: true };
  }

  async queryPayment(payId: string): Promise<ProviderPayment | null> {
    const p = await this.find(payId);
    return p && { payId: p.payId, status: p.status, amount: p.amount, providerRef: p.providerRef };
  }

  async cancelPayment(payId: string): Promise<ProviderPayment | null> {
    // Conditional on 'pending', like the confirm page's decision: whichever comes first wins.
    await this.store.query(`UPDATE sandbox_payment SET status = 'cancelled', updated_at = $2 WHERE pay_id = $1 AND status = 'pending'`, [payId, this.now()]);
    return this.queryPayment(payId);
  }

  async getUserInfo({ vipId }: { vipId: string; code?: string }): Promise<{ openId: string }> {
    // Deterministic per member: the same member always has the same sandbox user.
    return { openId: `sbx_${createHmac('sha256', this.secret).update(`openid:${vipId}`).digest('hex').slice(0, 28)}` };
  }

  // The provider's own side: its confirm page and what the customer does there.

  async find(payId: string): Promise<SandboxPayment | null> {
    const [row] = await this.store.query<LedgerRow>(
      `SELECT pay_id, amount::text AS amount, currency, description, return_url, notify_url, status, provider_ref
         FROM sandbox_payment WHERE pay_id = $1`,
      [payId],
    );
    return row ? toSandboxPayment(row) : null;
  }

  /** A token for the confirm page's forms, so another site cannot post them. */
  pageToken(payId: string): string {
    return createHmac('sha256', this.secret).update(`page:${payId}`).digest('base64url');
  }

  checkPageToken(payId: string, token: unknown): boolean {
    if (typeof token !== 'string') return false;
    const expected = Buffer.from(this.pageToken(payId));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /**
   * The customer confirmed (paid) or cancelled on the page: the ledger moves
   * from pending once, and the signed callback to deliver is returned. A
   * payment that is no longer pending gives its callback again (a provider
   * repeats its callbacks), or null when it was never decided here.
   */
  async decide(payId: string, decision: 'paid' | 'cancelled'): Promise<{ payment: SandboxPayment; callback: CallbackBody | null } | null> {
    const [updated] = await this.store.query<LedgerRow>(
      `UPDATE sandbox_payment SET status = $2, updated_at = $3 WHERE pay_id = $1 AND status = 'pending'
       RETURNING pay_id, amount::text AS amount, currency, description, return_url, notify_url, status, provider_ref`,
      [payId, decision, this.now()],
    );
    const payment = updated ? toSandboxPayment(updated) : await this.find(payId);
    if (!payment) return null;
    const status = payment.status === 'refunded' ? 'paid' : payment.status;
    if (status === 'pending') return { payment, callback: null };
    return { payment, callback: this.callbackFor(payment, status) };
  }

  callbackFor(payment: SandboxPayment, status: CallbackStatus): CallbackBody {
    return signCallback(this.secret, {
      payId: payment.payId,
      status,
      providerRef: payment.providerRef,
      amount: payment.amount,
      currency: payment.currency,
      timestamp: this.now().toISOString(),
      nonce: randomBytes(8).toString('hex'),
    });
  }
}

/**
 * The payment provider of this configuration over a store, or null when
 * there is none: the sandbox is the only provider so far, on only with
 * config.sandbox and a payment secret.
 */
export function createPaymentProvider(config: Config, store: Queryable, now: () => Date): SandboxPaymentProvider | null {
  if (!config.sandbox || !config.paymentSecret) return null;
  return new SandboxPaymentProvider(config.paymentSecret, store, now, config.publicUrl ?? '');
}

/** Where the provider posts its callbacks: this service's callback route. */
export const PAYMENT_CALLBACK_PATH = '/payments/callback';
