// The processes bench/api.ts loads, one per child so the load client never shares their event loop:
//   --serve app   the storefront API on BENCH_PGLITE_DIR or BENCH_DATABASE_URL, seeded with the demo shops
//                 (shop 1 with BENCH_MEMBERS card holders) and LARGE_MENU_SHOP (2,200 products), rate limits off, plus GET /bench/stats (statements
//                 sent and CPU used so far, read before and after each load);
//   --serve bare  a bare Fastify of the same version answering POST /bare with a 16 KB JSON object;
//   --serve raw   POST /raw writes one order-sized row in its own transaction on BENCH_DATABASE_URL or
//                 BENCH_PGLITE_DIR: the database's own write rate, the anchor of order/confirm.
// Each prints "ready <port>" once listening on 127.0.0.1 and stops on SIGTERM.
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { openDatabase, type Database, type OpenDatabase } from '../server/db/client';
import { RATE_LIMIT_OFF } from '../server/http/rate-limit';
import { chains, shops } from '../server/seed/index';
import { seedDatabase } from '../server/seed/seeder';
import type { SeedProduct, SeedShop } from '../server/seed/types';
import { withBenchMembers, type BenchMembers } from './members';

/**
 * The API's clock starts at noon on a Monday in Shanghai and runs on, so the demo shop is open and takes
 * the benchmark's pickup orders whenever the benchmark runs.
 */
export const BENCH_CLOCK_START = '2026-03-02T04:00:00Z';

/** The demo shop of `/#/?id=1`, whose menu the issue measured. */
export const DEMO_MENU_SHOP = 1;
/** A shop of its own id block, beyond the demo shops' (n000-n999 for shop n). */
export const LARGE_MENU_SHOP = 60;
const LARGE_MENU_PRODUCTS = 2_200;
const LARGE_MENU_TYPES = 22;

/** Members of the demo shop who pay by card in bench/api.ts, each with its own session. */
export const BENCH_MEMBERS = 32;
export const benchMemberPhone = (i: number) => `136${String(i).padStart(8, '0')}`;
const CARD_HOLDERS: BenchMembers = {
  count: BENCH_MEMBERS,
  idBase: 20_000_000,
  phone: benchMemberPhone,
  name: 'Bench member',
  cardPrefix: 'BENCH',
  amount: 2_000_000_000,
};

const text = (en: string, zh: string) => ({ en, zh });

/** A chain's full menu: every fourth product has sizes, every third a required taste. */
function largeMenuShop(): SeedShop {
  const base = shops.find((shop) => shop.id === DEMO_MENU_SHOP)!;
  const typeId = (i: number) => LARGE_MENU_SHOP * 1000 + 1 + (i % LARGE_MENU_TYPES);
  const products: SeedProduct[] = Array.from({ length: LARGE_MENU_PRODUCTS }, (_, i) => {
    const id = 600_000 + i;
    const sized = i % 4 === 0;
    return {
      id,
      typeId: typeId(i),
      name: text(`Dish number ${i + 1}`, `第 ${i + 1} 号菜`),
      description: text(
        `House recipe ${i + 1}: seasonal vegetables, slow-cooked stock and a little chilli oil.`,
        `招牌做法 ${i + 1}：时令蔬菜、慢炖高汤，淋少许辣油。`,
      ),
      image: 'burger-classic.jpg',
      price: 800 + (i % 40) * 50,
      memberPrice: i % 2 === 0 ? 700 + (i % 40) * 50 : null,
      stock: i % 5 === 0 ? 500 : null,
      sales: i % 97,
      sort: i,
      ...(sized
        ? {
            specDimensions: [
              { name: text('Size', '份量'), values: [text('Regular', '标准'), text('Large', '大份')] },
            ],
            specs: [
              { id: 700_000 + i * 2, values: [text('Regular', '标准')], price: 900 },
              { id: 700_001 + i * 2, values: [text('Large', '大份')], price: 1200 },
            ],
          }
        : {}),
      ...(i % 3 === 0
        ? {
            tastes: [
              {
                id: 800_000 + i,
                name: text('Spice', '辣度'),
                optionType: 4,
                required: true,
                maxChoose: 1,
                options: [
                  { id: 900_000 + i * 2, name: text('Mild', '微辣'), price: 0 },
                  { id: 900_001 + i * 2, name: text('Hot', '特辣'), price: 0 },
                ],
              },
            ],
          }
        : {}),
    };
  });
  return {
    ...base,
    id: LARGE_MENU_SHOP,
    chainId: null,
    // The demo shop's must-pick category is not on this menu.
    settings: { ...base.settings, mustPickTypeId: null },
    name: text('Large Menu Kitchen', '大菜单厨房'),
    memberLevels: [
      { id: LARGE_MENU_SHOP * 1000 + 901, name: text('Member', '会员'), discount: 100, level: 1 },
    ],
    productTypes: Array.from({ length: LARGE_MENU_TYPES }, (_, i) => ({
      id: LARGE_MENU_SHOP * 1000 + 1 + i,
      name: text(`Category ${i + 1}`, `分类 ${i + 1}`),
      sort: i + 1,
    })),
    products,
    taxes: [],
    tables: [],
    members: [],
    serviceUsers: [],
  };
}

/**
 * Products of the large menu without sizes, required tastes or tracked stock, which a cart can hold
 * without choices: the lines of bench/api.ts's growth scenarios.
 */
export const PLAIN_LARGE_MENU_PRODUCTS = Array.from({ length: LARGE_MENU_PRODUCTS }, (_, i) => i)
  .filter((i) => i % 4 !== 0 && i % 3 !== 0 && i % 5 !== 0)
  .map((i) => 600_000 + i);

interface Counter {
  statements: number;
}

/** Counts every statement the API sends: all pg clients' queries, or the PGlite instance's. */
function countStatements(db: Database, kind: OpenDatabase['kind']): Counter {
  const counter = { statements: 0 };
  type Query = (...args: unknown[]) => unknown;
  const wrap = (owner: { query: Query }) => {
    const original = owner.query;
    owner.query = function counted(this: unknown, ...args: unknown[]) {
      counter.statements++;
      return original.apply(this, args);
    };
  };
  if (kind === 'postgres') wrap(pg.Client.prototype as unknown as { query: Query });
  else wrap((db as unknown as { $client: { query: Query } }).$client);
  return counter;
}

async function serveApp(): Promise<FastifyInstance> {
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(
    url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: process.env.BENCH_PGLITE_DIR! },
  );
  const demoShops = shops.map((shop) =>
    shop.id === DEMO_MENU_SHOP ? withBenchMembers(shop, CARD_HOLDERS) : shop,
  );
  await seedDatabase(database.db, { chains, shops: [...demoShops, largeMenuShop()] }, { demoMode: true });
  const counter = countStatements(database.db, database.kind);
  // As server/main.ts runs it, less the rate limits: every request comes from one address.
  const offset = Date.parse(BENCH_CLOCK_START) - Date.now();
  const app = await buildApp({
    db: database.db,
    now: () => new Date(Date.now() + offset),
    demoMode: true,
    rateLimit: RATE_LIMIT_OFF,
    sessionCacheMs: 2_000,
    databaseReachable: database.reachable,
  });
  app.get('/bench/stats', async () => {
    const cpu = process.cpuUsage();
    return { statements: counter.statements, cpuMs: (cpu.user + cpu.system) / 1000 };
  });
  app.addHook('onClose', () => database.close());
  return app;
}

/** About 16 KB of JSON, the size of the demo menu's reply. */
const BARE_REPLY = {
  result: true,
  info: {
    list: Array.from({ length: 40 }, (_, i) => ({
      id: i,
      name: `Dish number ${i}`,
      description: 'House recipe: seasonal vegetables, slow-cooked stock and a little chilli oil on top.',
      image: '/assets/demo/burger-classic.jpg',
      price: 1200 + i,
      memberPrice: 1000 + i,
      state: 0,
      stock: null,
      saleTimes: [],
      specs: [{ id: i * 2, name: 'Regular', price: 1200 }],
      tastes: [],
      taxIds: [],
    })),
  },
  message: '',
};

async function serveBare(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.post('/bare', async () => BARE_REPLY);
  return app;
}

/** About the bytes of an order row with its pricing explanation. */
const RAW_ROW = JSON.stringify({
  lines: Array.from({ length: 4 }, (_, i) => ({ i, name: 'x'.repeat(120) })),
});

/** One insert in its own transaction per request, on a pool as large as the API's. */
async function serveRaw(): Promise<FastifyInstance> {
  const url = process.env.BENCH_DATABASE_URL;
  const app = Fastify({ logger: false });
  const create = 'create table if not exists bench_raw (id serial primary key, at timestamptz, row jsonb)';
  const insert = 'insert into bench_raw (at, row) values (now(), $1)';
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    await pool.query(create);
    app.post('/raw', async () => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(insert, [RAW_ROW]);
        await client.query('commit');
      } finally {
        client.release();
      }
      return { result: true };
    });
    app.addHook('onClose', () => pool.end());
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(process.env.BENCH_PGLITE_DIR!);
    await db.exec(create);
    app.post('/raw', async () => {
      await db.transaction((tx) => tx.query(insert, [RAW_ROW]));
      return { result: true };
    });
    app.addHook('onClose', () => db.close());
  }
  return app;
}

const SERVERS: Record<string, () => Promise<FastifyInstance>> = {
  app: serveApp,
  bare: serveBare,
  raw: serveRaw,
};

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { serve: { type: 'string' } } });
  const serve = SERVERS[values.serve ?? ''];
  if (!serve) throw new Error(`--serve app|bare|raw, got "${values.serve}"`);
  const app = await serve();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(`ready ${typeof address === 'object' && address ? address.port : 0}`);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

if (process.argv.includes('--serve')) await main();
