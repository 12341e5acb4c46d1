// The built-in sandbox gateway: it plays an external payment provider inside the app so the whole
// asynchronous flow runs offline. It keeps its own records (sandbox_sessions, known to the shop's tables
// only by trade number), shows them on the app's hosted pages (/order/stripe-pay for cards,
// /order/allin-pay for wallets), and when the customer finishes there it POSTs a signed notification to
// the notify URL, exactly as a real provider would, and can lose, repeat or delay it like one.
// A notification it receives back is taken only when its own record of the trade agrees: the trade
// exists, ended in the state the notification names, for the same amount and currency. So a notification
// signed with a leaked key still cannot report a trade the customer never finished.
//
// Signature: header `Sandbox-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with
// SANDBOX_GATEWAY_SECRET; compared in constant time, refused when older than the tolerance.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { SandboxOutcome, SandboxSession } from '../../src/domain/api/order-life';
import type { PaymentState } from '../../src/domain/api/order-life-rules';
import type { Database } from '../db/client';
import { sandboxSessions } from '../db/schema';
import { BusinessError } from '../http/action';
import { hasForbiddenText } from '../http/input-text';
import { paymentMessages } from '../modules/payments/payments-messages';
import {
  GatewayError,
  NOTIFICATION_TOLERANCE_SECONDS,
  NotificationRejected,
  TRADE_NO_PLACEHOLDER,
  type CreateSessionRequest,
  type CreatedSession,
  type GatewayNotification,
  type GatewayState,
  type PaymentGateway,
} from './gateway';

export const SANDBOX_SIGNATURE_HEADER = 'Sandbox-Signature';
/** Demo-only HMAC key used when SANDBOX_GATEWAY_SECRET is not set (documented as such). */
export const DEMO_SANDBOX_SECRET = 'sandbox-demo-secret-not-for-production';

/** Test cards of the hosted card page. */
export const SANDBOX_CARDS = { paid: '4242424242424242', declined: '4000000000000002' } as const;

/** The body the sandbox posts to the notify URL. */
export interface SandboxNotificationBody {
  eventId: string;
  tradeNo: string;
  state: PaymentState;
  amount: number;
  currency: string;
}

/** Sends one notification; answers the HTTP status. Tests replace it to hold, drop or repeat deliveries. */
export type SandboxDeliver = (request: {
  url: string;
  body: string;
  headers: Record<string, string>;
}) => Promise<number>;

export const fetchDeliver: SandboxDeliver = async ({ url, body, headers }) => {
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers,
    signal: AbortSignal.timeout(10_000),
  });
  return response.status;
};

const hmac = (secret: string, timestamp: number, rawBody: string | Buffer) =>
  createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');

/** The Sandbox-Signature header value for a body sent at `timestamp` (unix seconds). */
export function signSandboxPayload(secret: string, rawBody: string | Buffer, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

/**
 * Throws NotificationRejected unless `header` is a signature of `rawBody` by `secret` made at most
 * `tolerance` seconds before `now`. Every v1 candidate is compared in constant time.
 */
export function verifySandboxSignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  now: Date,
  tolerance = NOTIFICATION_TOLERANCE_SECONDS,
): void {
  if (!header) throw new NotificationRejected('unsigned', 'signature header missing');
  let timestamp: number | null = null;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) candidates.push(value);
  }
  if (timestamp === null || candidates.length === 0)
    throw new NotificationRejected('unsigned', 'signature header malformed');
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'utf8');
  const matches = candidates.some((candidate) => {
    const given = Buffer.from(candidate, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new NotificationRejected('unsigned', 'signature mismatch');
  const age = Math.floor(now.getTime() / 1000) - timestamp;
  if (age > tolerance || age < -tolerance) throw new NotificationRejected('stale', `signed ${age} s ago`);
}

const STATES = ['processing', 'success', 'fail', 'cancel'] as const;

function parseBody(rawBody: Buffer): SandboxNotificationBody {
  let value: unknown;
  try {
    value = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new NotificationRejected('invalid', 'body is not JSON');
  }
  const v = value as Partial<SandboxNotificationBody> | null;
  if (
    !v ||
    typeof v.eventId !== 'string' ||
    v.eventId.length === 0 ||
    v.eventId.length > 100 ||
    typeof v.tradeNo !== 'string' ||
    v.tradeNo.length === 0 ||
    v.tradeNo.length > 100 ||
    hasForbiddenText(v.eventId) ||
    hasForbiddenText(v.tradeNo) ||
    !STATES.includes(v.state as PaymentState) ||
    typeof v.amount !== 'number' ||
    !Number.isInteger(v.amount) ||
    typeof v.currency !== 'string' ||
    !/^[A-Za-z]{3}$/.test(v.currency)
  ) {
    throw new NotificationRejected('invalid', 'body fields missing');
  }
  return { eventId: v.eventId, tradeNo: v.tradeNo, state: v.state!, amount: v.amount, currency: v.currency };
}

type SessionRow = typeof sandboxSessions.$inferSelect;

/** What the trade's record means at `now`: an open session past its end counts as expired. */
function stateOf(row: SessionRow, now: Date): GatewayState {
  if (row.state === 'processing' && now.getTime() >= row.expiresAt.getTime())
    return { state: 'cancel', failReason: 'expired' };
  if (row.state === 'fail') return { state: 'fail', failReason: 'declined' };
  if (row.state === 'cancel') return { state: 'cancel', failReason: 'cancelled' };
  if (row.state === 'success')
    return { state: 'success', failReason: null, amount: row.amount, currency: row.currency };
  return { state: 'processing', failReason: null };
}

export interface SandboxGatewayOptions {
  db: Database;
  secret: string;
  deliver?: SandboxDeliver;
  /** Where delivery problems are reported (the notification is then lost, as with a real provider). */
  onDeliveryError?: (error: unknown, tradeNo: string) => void;
}

export interface SandboxGateway extends PaymentGateway {
  readonly name: 'sandbox';
  /** What the hosted page shows; null for an unknown trade number. */
  session(tradeNo: string, now: Date): Promise<SandboxSession | null>;
  /** The customer finished on the hosted page: record it, notify the shop, send the customer back. */
  complete(args: {
    tradeNo: string;
    outcome: SandboxOutcome;
    cardNumber?: string;
    now: Date;
  }): Promise<{ returnUrl: string; state: PaymentState }>;
}

export function createSandboxGateway(options: SandboxGatewayOptions): SandboxGateway {
  const { db, secret } = options;
  const deliver = options.deliver ?? fetchDeliver;

  async function load(tradeNo: string): Promise<SessionRow | undefined> {
    const [row] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.tradeNo, tradeNo));
    return row;
  }

  /** Refuses a signed notification that its own record of the trade does not bear out. */
  async function checkRecord(body: SandboxNotificationBody): Promise<void> {
    const row = await load(body.tradeNo);
    if (!row) throw new NotificationRejected('mismatch', 'the sandbox has no such trade');
    if (row.state !== body.state)
      throw new NotificationRejected('mismatch', `the trade is ${row.state}, not ${body.state}`);
    if (row.amount !== body.amount || row.currency.toUpperCase() !== body.currency.toUpperCase())
      throw new NotificationRejected('mismatch', 'amount or currency differs from the trade');
  }

  async function notify(row: SessionRow, state: PaymentState, now: Date): Promise<void> {
    const body = JSON.stringify({
      eventId: `evt_${randomUUID()}`,
      tradeNo: row.tradeNo,
      state,
      amount: row.amount,
      currency: row.currency,
    } satisfies SandboxNotificationBody);
    const timestamp = Math.floor(now.getTime() / 1000);
    try {
      const status = await deliver({
        url: row.notifyUrl,
        body,
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER.toLowerCase()]: signSandboxPayload(secret, body, timestamp),
        },
      });
      if (status >= 300) throw new Error(`notify answered HTTP ${status}`);
    } catch (error) {
      options.onDeliveryError?.(error, row.tradeNo);
    }
  }

  return {
    name: 'sandbox',

    // The sandbox counts in the shop's own minor units.
    gatewayAmount: (amount) => amount,

    async createSession(request: CreateSessionRequest): Promise<CreatedSession> {
      const tradeNo = `sbx_${randomBytes(16).toString('hex')}`;
      const returnUrl = request.returnUrl.replace(TRADE_NO_PLACEHOLDER, tradeNo);
      await db.insert(sandboxSessions).values({
        tradeNo,
        style: request.style,
        merchantRef: String(request.paymentId),
        merchantName: request.merchantName,
        description: request.description,
        amount: request.amount,
        currency: request.currency,
        numberDecimals: request.numberDecimals,
        state: 'processing',
        returnUrl,
        notifyUrl: request.notifyUrl,
        createdAt: request.now,
        expiresAt: request.expiresAt,
      });
      const page = request.style === 'card' ? 'stripe-pay' : 'allin-pay';
      const origin = new URL(request.returnUrl).origin;
      return { tradeNo, redirectUrl: `${origin}/#/order/${page}?trade=${encodeURIComponent(tradeNo)}` };
    },

    async retrieve(tradeNo, now) {
      const row = await load(tradeNo);
      if (!row) throw new GatewayError(`sandbox: no trade ${tradeNo}`);
      return stateOf(row, now);
    },

    async refund(tradeNo, amount, now) {
      const row = await load(tradeNo);
      if (!row || row.state !== 'success') throw new GatewayError(`sandbox: trade ${tradeNo} was not paid`);
      if (amount <= 0 || amount > row.amount)
        throw new GatewayError(`sandbox: refund ${amount} outside 1..${row.amount}`);
      // One refund per trade, claimed by a conditional update so two concurrent requests cannot both pay.
      const [first] = await db
        .update(sandboxSessions)
        .set({ refundedAmount: amount, refundedAt: now })
        .where(and(eq(sandboxSessions.tradeNo, tradeNo), eq(sandboxSessions.refundedAmount, 0)))
        .returning({ tradeNo: sandboxSessions.tradeNo });
      if (first) return;
      // Asked again (a retry after a lost answer or a crash): done already, as a provider answers a
      // repeated idempotent request. A different amount is a different refund, which a refunded trade refuses.
      const again = await load(tradeNo);
      if (again?.refundedAmount !== amount)
        throw new GatewayError(`sandbox: trade ${tradeNo} was already refunded ${again?.refundedAmount}`);
    },

    async cancel(tradeNo, now) {
      await db
        .update(sandboxSessions)
        .set({ state: 'cancel', completedAt: now })
        .where(and(eq(sandboxSessions.tradeNo, tradeNo), eq(sandboxSessions.state, 'processing')));
    },

    async verifyNotification(rawBody, headers, now): Promise<GatewayNotification> {
      const raw = headers[SANDBOX_SIGNATURE_HEADER.toLowerCase()];
      verifySandboxSignature(secret, rawBody, Array.isArray(raw) ? raw[0] : raw, now);
      const body = parseBody(rawBody);
      await checkRecord(body);
      return {
        eventId: body.eventId,
        tradeNo: body.tradeNo,
        state: body.state,
        failReason: body.state === 'fail' ? 'declined' : body.state === 'cancel' ? 'cancelled' : null,
        amount: body.amount,
        currency: body.currency,
      };
    },

    async session(tradeNo, now) {
      const row = await load(tradeNo);
      if (!row) return null;
      return {
        tradeNo: row.tradeNo,
        style: row.style,
        merchantName: row.merchantName,
        description: row.description,
        amount: row.amount,
        currency: row.currency,
        numberDecimals: row.numberDecimals,
        state: stateOf(row, now).state,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    async complete({ tradeNo, outcome, cardNumber, now }) {
      const row = await load(tradeNo);
      if (!row) throw new BusinessError(paymentMessages.sandboxSessionNotFound, undefined, null, 404);
      if (row.state !== 'processing') throw new BusinessError(paymentMessages.sandboxSessionClosed);
      if (now.getTime() >= row.expiresAt.getTime())
        throw new BusinessError(paymentMessages.sandboxSessionExpired);
      let state: PaymentState = outcome === 'succeed' ? 'success' : outcome === 'decline' ? 'fail' : 'cancel';
      if (row.style === 'card' && outcome === 'succeed') {
        const digits = cardNumber?.replace(/\s+/g, '') ?? '';
        if (!digits) throw new BusinessError(paymentMessages.sandboxCardRequired);
        if (digits === SANDBOX_CARDS.paid) state = 'success';
        else if (digits === SANDBOX_CARDS.declined) state = 'fail';
        else throw new BusinessError(paymentMessages.sandboxUnknownCard);
      }
      const [updated] = await db
        .update(sandboxSessions)
        .set({ state, completedAt: now })
        .where(and(eq(sandboxSessions.tradeNo, tradeNo), eq(sandboxSessions.state, 'processing')))
        .returning();
      if (!updated) throw new BusinessError(paymentMessages.sandboxSessionClosed);
      await notify(updated, state, now);
      return { returnUrl: updated.returnUrl, state };
    },
  };
}
