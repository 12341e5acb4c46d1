// Page objects of the order's life: the orders tab (/pages/user/order/list) and the order detail, plus
// what a scenario needs around them — orders placed through the API for the visitor in the browser (the
// ordering screens have scenarios of their own), the merchant CLI and the e2e server's test clock.
import { spawn } from 'node:child_process';
import { expect, type Locator, type Page } from '@playwright/test';
import { App } from './app';

/** Burger counter (demo shop 1): corn cup, onion rings and the must-pick cutlery, table B3. */
export const SHOP = 1;
const LINES = [
  { id: 1113, quantity: 1 },
  { id: 1114, quantity: 1 },
  { id: 1151, quantity: 1 },
];
const TABLE = 1705;

export interface PlacedOrder {
  id: number;
  orderNo: string;
  createdAt: string;
  payDeadlineAt: string;
}

/** A refusal of a consumer call: the server's message and the `info` it carried (a reason, next free times…). */
export class ConsumerCallRefused extends Error {
  constructor(
    path: string,
    message: string,
    readonly info: unknown,
  ) {
    super(`${path}: ${message}`);
  }
}

/** POSTs a consumer call with the visitor's token, from inside the page (same origin, same session). */
export async function consumerCall<T>(page: Page, path: string, body: unknown): Promise<T> {
  const reply = await page.evaluate(
    async ({ path, body }) => {
      const token = JSON.parse(localStorage.getItem('token') ?? 'null') as { value?: string } | null;
      const response = await fetch(`/new/consumer/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: token?.value ?? '', language: 'zh-CN' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { result: boolean; info: unknown; message: string };
    },
    { path, body },
  );
  if (!reply.result) throw new ConsumerCallRefused(path, reply.message, reply.info);
  return reply.info as T;
}

/**
 * Places a dine-in order at table B3 for the visitor of `page` (who must have entered shop 1). With
 * `payAtCounter` the customer chooses cash at the counter, so the order goes to the merchant (pending).
 */
export async function placeOrder(page: Page, { payAtCounter = false } = {}): Promise<PlacedOrder> {
  const setting = await consumerCall<{ payTypes: { id: number; payType: string }[] }>(
    page,
    'store/paySetting',
    {
      orderType: 'dine',
    },
  );
  const cash = setting.payTypes.find((p) => p.payType === 'Cash');
  if (!cash) throw new Error('shop 1 offers no cash payment for dine-in');
  const { order } = await consumerCall<{ order: PlacedOrder }>(page, 'order/confirm', {
    type: 'dine',
    payType: 'Cash',
    payTypeId: cash.id,
    table: TABLE,
    person: 1,
    products: LINES,
    idempotencyKey: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
  });
  if (payAtCounter) await consumerCall(page, 'order/pay', { id: order.id, payTypeId: cash.id });
  return order;
}

/**
 * Places a delivery order from shop 1 to an address near it for 19:00 (the suite's day runs from 18:00 in
 * Shanghai), to be paid in cash on delivery: it goes to the merchant at once.
 */
export async function placeDeliveryOrder(page: Page): Promise<PlacedOrder> {
  const setting = await consumerCall<{ payTypes: { id: number; payType: string }[] }>(
    page,
    'store/paySetting',
    {
      orderType: 'takeaway',
    },
  );
  const cod = setting.payTypes.find((p) => p.payType === 'COD');
  if (!cod) throw new Error('shop 1 offers no cash on delivery');
  const { order } = await consumerCall<{ order: PlacedOrder }>(page, 'order/confirm', {
    type: 'takeaway',
    payType: 'COD',
    payTypeId: cod.id,
    contact_name: '王小明',
    contact_phone: '13800138000',
    contact_address: '上海市徐汇区衡山路 10 号',
    contact_address_gps: { lat: 31.2172, lng: 121.4469 },
    deliveryTime: { date: '2026-11-19', time: '19:00' },
    products: LINES,
    idempotencyKey: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
  });
  await consumerCall(page, 'order/pay', { id: order.id, payTypeId: cod.id });
  return order;
}

/** Moves the e2e server's clock (TEST_CLOCK_CONTROL) forward; answers the server's time after the move. */
export async function advanceServerClock(page: Page, advanceMs: number): Promise<Date> {
  const reply = await page.request.post('/test/clock', { data: { advanceMs } });
  expect(reply.ok()).toBe(true);
  const body = (await reply.json()) as { info: { now: string } };
  return new Date(body.info.now);
}

/** `npm run merchant -- <args>` against the e2e server with the shop's demo key; resolves with its output. */
export function merchant(baseURL: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'merchant', '--', ...args], {
      env: { ...process.env, MERCHANT_KEY: `demo-merchant-${SHOP}`, MERCHANT_URL: baseURL },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

export class OrdersTab extends App {
  async goto() {
    await this.open('/pages/user/order/list');
  }

  get list(): Locator {
    return this.page.getByTestId('order-list');
  }

  get cards(): Locator {
    return this.list.locator('a[data-order-id]');
  }

  card(orderNo: string): Locator {
    return this.list.locator(`a[data-order-no="${orderNo}"]`);
  }

  statusOf(orderNo: string): Locator {
    return this.card(orderNo).getByTestId('order-status');
  }

  filter(name: string | RegExp): Locator {
    return this.page.getByRole('group', { name: /订单筛选|Show orders/ }).getByRole('button', { name });
  }

  get end(): Locator {
    return this.page.getByTestId('list-end');
  }

  /** A finger pulling the list down from the top and letting go (touch events, as a phone sends them). */
  async pullDown() {
    const cdp = await this.page.context().newCDPSession(this.page);
    const x = 195;
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      });
    await touch('touchStart', 200);
    for (let y = 220; y <= 400; y += 20) await touch('touchMove', y);
    await expect(this.page.getByRole('status').filter({ hasText: /释放|Release/ })).toBeVisible();
    await touch('touchEnd', 400);
    await cdp.detach();
  }
}

export class OrderDetailPage extends App {
  async goto(id: number) {
    await this.open('/pages/user/order/detail', { id });
  }

  get status(): Locator {
    return this.page.getByTestId('status-label');
  }

  get countdown(): Locator {
    return this.page.getByTestId('countdown');
  }

  get orderNo(): Locator {
    return this.page.getByTestId('order-no');
  }

  get liveMark(): Locator {
    return this.page.getByTestId('live-mark');
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  /** Seconds left on the countdown ("14:58" → 898). */
  async secondsLeft(): Promise<number> {
    const text = (await this.countdown.textContent()) ?? '';
    const match = /^(\d{2,}):(\d{2})$/.exec(text.trim());
    if (!match) throw new Error(`no mm:ss in "${text}"`);
    return Number(match[1]) * 60 + Number(match[2]);
  }
}
