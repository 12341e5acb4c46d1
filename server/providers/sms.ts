// SMS delivery. `log` is the built-in sender for a machine without an SMS provider: it writes the message
// with a masked number and the code replaced, since logs are read and kept by more people than the phone's
// owner (in demo mode the login form shows the code instead). `webhook` is the production adapter: it
// POSTs JSON to SMS_WEBHOOK_URL and never logs the code. Only a local sender
// ever lets the API return a code to the browser (DEMO_MODE); see server/modules/identity/sms.ts.
import type { Locale } from '../../src/domain/enums';

export interface SmsMessage {
  /** Normalised phone: 11 mainland digits or E.164 `+…`. */
  phone: string;
  /** The text to deliver, in the customer's language. */
  text: string;
  code: string;
  shopId: number;
  locale: Locale;
}

export interface SmsSender {
  readonly kind: 'log' | 'webhook';
  /** True when nothing leaves the machine, so revealing the code in demo mode discloses nothing. */
  readonly local: boolean;
  /** Resolves when the provider accepted the message; rejects otherwise. */
  send(message: SmsMessage): Promise<void>;
}

/** "138****0000": enough to recognise one's own number in a log, not enough to harvest numbers. */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}

export function createLogSmsSender(
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): SmsSender {
  return {
    kind: 'log',
    local: true,
    async send(message) {
      const text = message.code
        ? message.text.replaceAll(message.code, '*'.repeat(message.code.length))
        : message.text;
      write(`SMS to ${maskPhone(message.phone)} (shop ${message.shopId}): ${text}`);
    },
  };
}

export interface WebhookSmsOptions {
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string;
  timeoutMs?: number;
}

export function createWebhookSmsSender(options: WebhookSmsOptions): SmsSender {
  return {
    kind: 'webhook',
    local: false,
    async send(message) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({
          phone: message.phone,
          text: message.text,
          code: message.code,
          shopId: message.shopId,
          locale: message.locale,
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
      // The body is drained so the connection can be reused; its content is not needed.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`SMS webhook answered HTTP ${response.status}`);
    },
  };
}

/** SMS_SENDER=log|webhook; webhook is the default when SMS_WEBHOOK_URL is set. */
export function smsSenderFromEnv(env: NodeJS.ProcessEnv): SmsSender {
  const url = env.SMS_WEBHOOK_URL?.trim();
  const kind = env.SMS_SENDER?.trim() || (url ? 'webhook' : 'log');
  if (kind === 'log') return createLogSmsSender();
  if (kind === 'webhook') {
    if (!url) throw new Error('SMS_SENDER=webhook needs SMS_WEBHOOK_URL');
    const timeout = Number(env.SMS_WEBHOOK_TIMEOUT_MS);
    return createWebhookSmsSender({
      url,
      token: env.SMS_WEBHOOK_TOKEN?.trim() || undefined,
      timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : undefined,
    });
  }
  throw new Error(`Unknown SMS_SENDER "${kind}" (use log or webhook)`);
}
