// The merchant CLI (scripts/merchant.ts): its command line, and real calls against a listening test
// server, in-process and as the `npm run merchant` process: readable output, exit 1 on a refusal with the
// server's message, 2 on bad usage.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MERCHANT_URL,
  parseCommand,
  runMerchantCli,
  UsageError,
  USAGE,
} from '../../../scripts/merchant';
import { buildTestApp, createClock, type TestApp } from '../helpers';
import { enter, NOON, pickupOrder, SHOP } from '../orders/order-fixture';
import { PAY_TYPE, paymentSeed, place } from '../payments/payment-fixture';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('merchant CLI command line', () => {
  it("reads the open table's kitchen commands and refuses them without an action or an id", () => {
    expect(
      parseCommand(['table', 'return-line', '12', '--reason', 'Too salty', '--key', 'k']).command,
    ).toEqual({
      kind: 'table',
      action: 'returnLine',
      id: 12,
      reason: 'Too salty',
    });
    expect(parseCommand(['table', 'startTimer', '3']).command).toEqual({
      kind: 'table',
      action: 'startTimer',
      id: 3,
    });
    expect(() => parseCommand(['table', 'boil-line', '3'])).toThrow(UsageError);
    expect(() => parseCommand(['table', 'cook-line'])).toThrow(/needs an id/);
    expect(() => parseCommand(['table', 'cook-line', '1.5'])).toThrow(/needs an id/);
    expect(USAGE).toContain('table return-line');
    expect(parseCommand(['table', 'tabs']).command).toEqual({ kind: 'tableTabs' });
    expect(() => parseCommand(['table', 'tabs', '4'])).toThrow(/takes no id/);
    expect(USAGE).toContain('table tabs');
  });

  it('reads actions in kebab or camel case, options and the environment', () => {
    expect(
      parseCommand(['assign-rider', 'N1', '--rider-name', 'Zhao', '--rider-phone', '137'], {
        MERCHANT_KEY: 'k1',
      }),
    ).toEqual({
      command: {
        kind: 'action',
        action: 'assignRider',
        orderNo: 'N1',
        rider: { name: 'Zhao', phone: '137' },
      },
      key: 'k1',
      url: DEFAULT_MERCHANT_URL,
      lang: 'en',
      json: false,
    });
    const refuse = parseCommand(
      ['refuse', 'N2', '--reason', 'Sold out', '--key', 'k2', '--url', 'http://x:1/'],
      {
        MERCHANT_KEY: 'ignored',
        MERCHANT_URL: 'http://ignored',
      },
    );
    expect(refuse).toEqual(
      expect.objectContaining({
        command: { kind: 'action', action: 'refuse', orderNo: 'N2', reason: 'Sold out' },
        key: 'k2',
        url: 'http://x:1',
      }),
    );
    expect(parseCommand(['startDelivery', 'N3'], { MERCHANT_URL: 'http://h:9' }).url).toBe('http://h:9');
    expect(parseCommand(['orders', '--status', 'pending,confirmed', '--page', '2']).command).toEqual({
      kind: 'orders',
      status: ['pending', 'confirmed'],
      page: 2,
    });
    expect(parseCommand(['--help']).command).toEqual({ kind: 'help' });
    expect(parseCommand([]).command).toEqual({ kind: 'help' });
  });

  it('refuses bad usage with a reason', () => {
    const bad: [string[], RegExp][] = [
      [['fly', 'N1'], /Unknown command "fly"/],
      [['accept'], /needs an order number/],
      [['assign-rider', 'N1', '--rider-name', 'Zhao'], /--rider-phone/],
      [['orders', '--status', 'lost'], /Unknown status: lost/],
      [['orders', '--page', '0'], /--page/],
      [['accept', 'N1', 'N2'], /Unexpected arguments/],
      [['accept', 'N1', '--colour', 'red'], /colour/],
    ];
    for (const [argv, message] of bad) expect(() => parseCommand(argv), argv.join(' ')).toThrow(message);
    expect(() => parseCommand(['fly'])).toThrow(UsageError);
  });
});

describe('merchant CLI against a server', () => {
  const clock = createClock(NOON);
  let h: TestApp;
  let url: string;
  let token: string;

  beforeAll(async () => {
    h = await buildTestApp('pglite', { seed: paymentSeed, clock, demoMode: true });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const address = h.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    token = await enter(h, SHOP);
  });
  afterAll(async () => {
    await h?.close();
  });

  async function cli(argv: string[], env: NodeJS.ProcessEnv = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runMerchantCli(
      argv,
      { MERCHANT_URL: url, ...env },
      {
        fetch,
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      },
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  async function pending() {
    const order = await place(h, token, pickupOrder());
    const r = await h.call('order/pay', { id: order.id, payTypeId: PAY_TYPE.Cash }, { token });
    expect(r.body.result, r.body.message).toBe(true);
    return order;
  }

  it('lists orders, accepts one, and exits 1 with the reason when refused', async () => {
    const order = await pending();
    const key = { MERCHANT_KEY: `demo-merchant-${SHOP}` };

    const list = await cli(['orders', '--status', 'pending'], key);
    expect(list.code, list.err).toBe(0);
    expect(list.out).toContain(order.orderNo);
    expect(list.out).toMatch(/pending\s+selfPickup/);
    expect(list.out).toMatch(/of \d+ order\(s\), page 1/);

    const accepted = await cli(['accept', order.orderNo], key);
    expect(accepted.code, accepted.err).toBe(0);
    expect(accepted.out).toContain(`Order ${order.orderNo}: accept done, now "accepted".`);
    expect(accepted.out).toMatch(new RegExp(`${order.orderNo}\\s+confirmed`));

    const again = await cli(['accept', order.orderNo], key);
    expect(again.code).toBe(1);
    expect(again.err).toContain('Nothing was changed');

    const zh = await cli(['accept', order.orderNo, '--lang', 'zh-CN'], key);
    expect(zh.err).toContain('未做任何更改');

    const wrongKey = await cli(['accept', order.orderNo, '--key', 'nope']);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.err).toContain('merchant key');

    const noKey = await cli(['orders']);
    expect(noKey.code).toBe(2);
    expect(noKey.err).toContain('MERCHANT_KEY');

    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toBe(USAGE);
    expect(USAGE).toContain('assign-rider');

    const unreachable = await cli(['orders'], { ...key, MERCHANT_URL: 'http://127.0.0.1:1' });
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toContain('Cannot reach');
  });

  it('runs as `npm run merchant` with exit codes', async () => {
    const order = await pending();
    const env = { ...process.env, MERCHANT_URL: url, MERCHANT_KEY: `demo-merchant-${SHOP}` };
    const ok = await run('npm', ['run', '--silent', 'merchant', '--', 'accept', order.orderNo], {
      cwd: ROOT,
      env,
    });
    expect(ok.stdout).toContain('now "accepted"');
    const refused = await run('npm', ['run', '--silent', 'merchant', '--', 'accept', order.orderNo], {
      cwd: ROOT,
      env,
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('Nothing was changed');
  }, 30_000);
});
