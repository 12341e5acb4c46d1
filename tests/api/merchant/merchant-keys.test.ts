// The merchant key command (scripts/merchant-keys.ts, server/modules/merchant/merchant-keys.ts): its command line;
// on PGlite and (with TEST_DATABASE_URL) PostgreSQL, an issued key opens its shop's merchant API, shows
// once and is stored only as a hash; a revoked key is refused at once; an unknown shop or key changes
// nothing; and as the `npm run merchant-keys` process, on a PGlite data directory (refused while another
// process holds it open) and on PostgreSQL through DATABASE_URL.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  keyTable,
  openServerDatabase,
  parseCommand,
  runMerchantKeysCli,
  USAGE,
  UsageError,
} from '../../../scripts/merchant-keys';
import { openDatabase, type Database } from '../../../server/db/client';
import { merchantKeys } from '../../../server/db/schema';
import { merchantShopOf } from '../../../server/modules/merchant/merchant';
import { hashMerchantKey } from '../../../server/modules/merchant/merchant-keys';
import { seedDatabase } from '../../../server/seed/seeder';
import { createClock, openTestDatabase, testDatabases, useTestApp } from '../helpers';
import { fixtureSeed } from '../helpers/fixture';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const KEY_SHAPE = /^mk_[A-Za-z0-9_-]{43}$/;

describe('merchant-keys command line', () => {
  it('reads issue, list, revoke and help', () => {
    expect(parseCommand(['issue', '12', '--label', '  front counter '])).toEqual({
      kind: 'issue',
      shopId: 12,
      label: 'front counter',
    });
    expect(parseCommand(['issue', '3'])).toEqual({ kind: 'issue', shopId: 3, label: '' });
    expect(parseCommand(['list', '3'])).toEqual({ kind: 'list', shopId: 3 });
    expect(parseCommand(['revoke', '2147483647'])).toEqual({ kind: 'revoke', keyId: 2_147_483_647 });
    for (const argv of [[], ['help'], ['--help'], ['-h'], ['revoke', '-h']])
      expect(parseCommand(argv), argv.join(' ')).toEqual({ kind: 'help' });
  });

  it('refuses bad usage with a reason', () => {
    const bad: [string[], RegExp][] = [
      [['rotate', '1'], /Unknown command "rotate"/],
      [['issue'], /issue needs a shop id/],
      [['revoke'], /revoke needs a key id/],
      [['list', 'one'], /shop id must be a whole number from 1, got "one"/],
      [['issue', '0'], /from 1/],
      [['issue', '1.5'], /from 1/],
      [['revoke', '2147483648'], /key id must be a whole number/],
      [['issue', '1', '2'], /Unexpected arguments: 2/],
      [['list', '1', '--label', 'till'], /--label is for issue only/],
      [['issue', '1', '--label', 'x'.repeat(81)], /at most 80 characters/],
      [['issue', '1', '--label', 'till\u001b[2J'], /control characters/],
      [['issue', '1', '--colour', 'red'], /colour/],
      [['issue', '-1'], /-1/],
    ];
    for (const [argv, message] of bad) {
      expect(() => parseCommand(argv), argv.join(' ')).toThrow(message);
      expect(() => parseCommand(argv), argv.join(' ')).toThrow(UsageError);
    }
  });

  it('lays the keys out in aligned columns without the key or its hash', () => {
    const created = new Date('2026-03-02T04:00:00.123Z');
    expect(
      keyTable([
        {
          id: 1,
          shopId: 3,
          label: 'demo',
          hint: 'demo-mer',
          demo: true,
          createdAt: created,
          revokedAt: new Date('2026-03-03T05:06:07Z'),
        },
        { id: 12, shopId: 3, label: '', hint: 'mk_AbCdE', demo: false, createdAt: created, revokedAt: null },
      ]),
    ).toEqual([
      'id  status   created               revoked               hint       label',
      ' 1  revoked  2026-03-02T04:00:00Z  2026-03-03T05:06:07Z  demo-mer…  demo (public demo key)',
      '12  active   2026-03-02T04:00:00Z  -                     mk_AbCdE…  -',
    ]);
  });
});

describe('openServerDatabase with PGlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-keys-guard-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a throw-away, a missing and an open data directory before opening it', async () => {
    await expect(openServerDatabase({ DATA_DIR: 'memory://' })).rejects.toThrow(/throw-away/);
    await expect(openServerDatabase({ DATA_DIR: join(dir, 'nowhere') })).rejects.toThrow(/No database in/);
    writeFileSync(join(dir, 'PG_VERSION'), '17\n');
    writeFileSync(join(dir, 'postmaster.pid'), '-42\n');
    await expect(openServerDatabase({ DATA_DIR: dir })).rejects.toThrow(/open in another process/);
  });
});

describe.each(testDatabases)('merchant keys on %s', (kind) => {
  const clock = createClock('2026-03-02T04:00:00Z');
  // Demo mode: the seeded public demo keys are part of what these tests list and revoke.
  const h = useTestApp(kind, { clock, demoMode: true });

  async function cli(argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    let opened = 0;
    const code = await runMerchantKeysCli(
      argv,
      {},
      {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        // The test app keeps its database; the command's close must not end it.
        open: async () => {
          opened += 1;
          return { ...h.database, close: async () => undefined };
        },
        now: clock.now,
      },
    );
    return { code, out: out.join('\n'), err: err.join('\n'), opened };
  }

  const merchantOrders = async (key: string) => {
    const r = await h.inject({
      method: 'POST',
      url: '/merchant/api/orders',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, language: 'en' },
      payload: '{}',
    });
    return { status: r.statusCode, body: r.json<{ result: boolean; message: string }>() };
  };
  const keyRows = (shopId: number) =>
    h.database.db.select().from(merchantKeys).where(eq(merchantKeys.shopId, shopId));
  const allKeyCount = async () => (await h.database.db.select({ n: count() }).from(merchantKeys))[0]!.n;

  async function issue(shopId: number, label?: string) {
    const r = await cli(['issue', String(shopId), ...(label !== undefined ? ['--label', label] : [])]);
    expect(r.code, r.err).toBe(0);
    const [row] = (await keyRows(shopId)).filter((k) => k.keyHash === hashMerchantKey(r.out));
    return { key: r.out, err: r.err, row: row! };
  }

  it('issues a key that opens its shop on the merchant API, shown once and stored as a hash', async () => {
    const { key, err, row } = await issue(1, 'front counter');
    expect(key).toMatch(KEY_SHAPE);
    expect(err).toContain(`Issued key ${row.id} for shop 1 (Test shop 1), label "front counter".`);
    expect(err).toContain(`revoke ${row.id}`);
    expect(err).not.toContain(key);
    expect(row).toEqual(
      expect.objectContaining({
        shopId: 1,
        keyHint: key.slice(0, 8),
        label: 'front counter',
        createdAt: clock.now(),
        revokedAt: null,
      }),
    );
    expect(JSON.stringify(row)).not.toContain(key);

    const r = await merchantOrders(key);
    expect(r.status).toBe(200);
    expect(r.body.result, r.body.message).toBe(true);
    expect(await merchantShopOf(h.database.db, `Bearer ${key}`)).toBe(1);

    const second = await issue(1);
    expect(second.key).toMatch(KEY_SHAPE);
    expect(second.key).not.toBe(key);
    expect(second.row.label).toBe('');
  });

  it('lists the shop’s keys with a hint, never the key, and flags the public demo key', async () => {
    const { key, row } = await issue(2, 'till');
    const r = await cli(['list', '2']);
    expect(r.code, r.err).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toMatch(/^Shop 2, Test shop 2: \d+ key\(s\), \d+ active$/);
    expect(lines[1]).toMatch(/^\s*id\s+status\s+created\s+revoked\s+hint\s+label$/);
    expect(r.out).toMatch(/\n\s*\d+\s+active\s+\S+\s+-\s+demo-mer…\s+demo \(public demo key\)/);
    expect(r.out).toMatch(
      new RegExp(`\\n\\s*${row.id}\\s+active\\s+2026-03-02T04:00:00Z\\s+-\\s+${key.slice(0, 8)}…\\s+till`),
    );
    expect(r.out).toMatch(/is the public demo key: anyone can use it/);
    expect(r.out).not.toContain(key);
    expect(r.out).not.toContain(row.keyHash);
  });

  it('revokes a key: the merchant API refuses it at once, other keys go on working', async () => {
    const { key, row } = await issue(3, 'kitchen tablet');
    expect((await merchantOrders(key)).status).toBe(200);

    clock.advance(60_000);
    const revokedAt = clock.now();
    const r = await cli(['revoke', String(row.id)]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`Revoked key ${row.id} of shop 3 ("kitchen tablet")`);
    const refused = await merchantOrders(key);
    expect(refused.status).toBe(401);
    expect(refused.body.result).toBe(false);
    expect(refused.body.message).toContain('merchant key');
    expect((await merchantOrders('demo-merchant-3')).status).toBe(200);

    clock.advance(60_000);
    const again = await cli(['revoke', String(row.id)]);
    expect(again.code).toBe(1);
    expect(again.err).toContain(
      `Key ${row.id} of shop 3 ("kitchen tablet") was already revoked at ${revokedAt.toISOString().replace('.000Z', 'Z')}`,
    );
    const [stored] = (await keyRows(3)).filter((k) => k.id === row.id);
    expect(stored!.revokedAt).toEqual(revokedAt);

    const list = await cli(['list', '3']);
    expect(list.out).toMatch(new RegExp(`\\n\\s*${row.id}\\s+revoked\\s+\\S+\\s+2026-03-02T04:01:00Z`));
  });

  it('says when a shop is left without an active key', async () => {
    const [demo] = await keyRows(5);
    const r = await cli(['revoke', String(demo!.id)]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('Shop 5 has no active key left');
    expect((await merchantOrders('demo-merchant-5')).status).toBe(401);
    const list = await cli(['list', '5']);
    expect(list.out).toContain('Shop 5, Test shop 5: 1 key(s), 0 active');
    expect(list.out).not.toContain('anyone can use it');
  });

  it('refuses an unknown shop or key with 1 and writes nothing', async () => {
    const before = await allKeyCount();
    const issued = await cli(['issue', '99', '--label', 'ghost']);
    expect(issued).toEqual(expect.objectContaining({ code: 1, out: '' }));
    expect(issued.err).toBe('No shop 99: no key was issued.');
    const listed = await cli(['list', '99']);
    expect(listed).toEqual(expect.objectContaining({ code: 1, out: '', err: 'No shop 99.' }));
    const revoked = await cli(['revoke', '99999']);
    expect(revoked).toEqual(
      expect.objectContaining({ code: 1, out: '', err: 'No key 99999: nothing was revoked.' }),
    );
    expect(await allKeyCount()).toBe(before);
  });

  it('answers bad usage with 2 and the usage, help with 0, without opening the database', async () => {
    const bad = await cli(['issue', 'shop-1']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('shop id must be a whole number');
    expect(bad.err).toContain(USAGE);
    expect(bad.opened).toBe(0);
    const help = await cli(['--help']);
    expect(help).toEqual(expect.objectContaining({ code: 0, out: USAGE, opened: 0 }));
  });
});

/** `npm run merchant-keys -- …` as its own process. */
const npmRun = (argv: string[], env: NodeJS.ProcessEnv) =>
  run('npm', ['run', '--silent', 'merchant-keys', '--', ...argv], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

async function issueAndCheck(
  env: NodeJS.ProcessEnv,
  reopen: () => Promise<{ db: Database; close(): Promise<void> }>,
) {
  const issued = await npmRun(['issue', '2', '--label', 'till'], env);
  expect(issued.code, issued.stderr).toBe(0);
  const key = issued.stdout.trim();
  expect(key).toMatch(KEY_SHAPE);
  expect(issued.stderr).toContain('only its hash is stored');
  const listed = await npmRun(['list', '2'], env);
  expect(listed.code, listed.stderr).toBe(0);
  expect(listed.stdout).toContain(`${key.slice(0, 8)}…  till`);
  const database = await reopen();
  try {
    expect(await merchantShopOf(database.db, `Bearer ${key}`)).toBe(2);
  } finally {
    await database.close();
  }
  const usage = await npmRun(['revoke'], env);
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain('Usage: npm run merchant-keys');
}

describe('npm run merchant-keys on a PGlite data directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-keys-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('issues into the server’s database, and refuses while another process holds it open', async () => {
    const server = await openDatabase({ kind: 'pglite', dataDir: dir });
    await seedDatabase(server.db, fixtureSeed);
    const busy = await npmRun(['list', '2'], { DATA_DIR: dir });
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain('open in another process');
    await server.close();

    await issueAndCheck({ DATA_DIR: dir }, () => openDatabase({ kind: 'pglite', dataDir: dir }));
  }, 120_000);
});

// Only with TEST_DATABASE_URL.
const postgresOnly = testDatabases.includes('postgres') ? describe : () => undefined;
postgresOnly('npm run merchant-keys on PostgreSQL', () => {
  it('issues through DATABASE_URL while the server’s connection stays open', async () => {
    const server = await openTestDatabase('postgres');
    try {
      await seedDatabase(server.db, fixtureSeed);
      await issueAndCheck({ DATABASE_URL: server.url! }, async () => ({
        db: server.db,
        close: async () => undefined,
      }));
    } finally {
      await server.close();
    }
  }, 120_000);
});
