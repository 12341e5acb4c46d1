// The catalogue cache of the store/* reads (docs/decisions.md K1-K6). Each process keeps, per shop and
// catalogue language, the mapped Catalogue and, once asked for, store/products' serialized reply with its
// brotli and gzip forms. An entry is good while three things hold:
// - the shop's row in catalog_versions (menu and stock counters, bumped by triggers in the transaction
//   that changes the catalogue) still holds the numbers the entry was built from: one primary-key select
//   per request, so a change committed through any process is served by every process on its next read;
// - the clock has not reached the next sale-time edge of any product (states 0 and 101 flip there);
// - the clock has not reached the next quarter hour, so a daylight-saving shift never outlives an entry.
// The reply `version` names all three ("menu.stock.window"); `changed` compares only the menu part, so
// the browser's "a new menu was updated" notice ignores stock and the clock.
// The counters themselves are read again only after a write went through this process's client, and on
// PostgreSQL also once they are older than versionTtlMs (CATALOG_VERSION_TTL_MS, default 500), the bound
// on how late a change written by another process is served (decision K2). On PGlite no other process can
// open the database, so a warm read sends no statement at all.
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { CatalogueLocale } from '../../../src/domain/enums';
import { localTime } from '../../../src/domain/hours';
import { prepared, type Database } from '../../db/client';
import { catalogVersions, type MemberSettingRow } from '../../db/schema';
import { Catalogue, loadCatalogue, loadTaxes, type CatalogueRows, type TaxRow } from './catalog';
import { loadMemberSettingRow, loadShop, type ShopRecord } from './catalog-shop';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's catalogue cache (server/modules/catalog/catalog-cache.ts). */
    catalogCache: CatalogCache;
  }
}

/** Entries kept per process (one per shop and catalogue language) unless CATALOG_CACHE_ENTRIES says. */
export const DEFAULT_CATALOG_CACHE_ENTRIES = 1_000;
/** Replies smaller than this go out as they are (the same threshold as server/http/compression.ts). */
export const COMPRESS_THRESHOLD_BYTES = 1_024;
/** How long counters read from PostgreSQL are trusted without a write of this process in between. */
export const DEFAULT_CATALOG_VERSION_TTL_MS = 500;
const WINDOW_CAP_MS = 15 * 60_000;
const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

export interface ShopVersions {
  menu: number;
  stock: number;
}

/** The shop's counters; a shop whose catalogue was never written reads as zeros. */
export async function readShopVersions(db: Database, shopId: number): Promise<ShopVersions> {
  const read = prepared(db, 'catalog_version_read', (on) =>
    on
      .select({ menu: catalogVersions.menu, stock: catalogVersions.stock })
      .from(catalogVersions)
      .where(eq(catalogVersions.shopId, sql.placeholder('shopId')))
      .prepare('catalog_version_read'),
  );
  const [row] = await read.execute({ shopId });
  return row ? { menu: Number(row.menu), stock: Number(row.stock) } : { menu: 0, stock: 0 };
}

/**
 * How many writes have gone through this process's database client. `shared`: other processes write to
 * the same database too (PostgreSQL), so counters read here also age out (CatalogCache's versionTtlMs).
 */
export interface WriteWatch {
  generation: number;
  shared: boolean;
}
const writeWatches = new WeakMap<object, WriteWatch>();

type Query = (statement: unknown, ...rest: unknown[]) => Promise<unknown>;

/**
 * The tables whose writes move catalog_versions (migration 0009's triggers) and the counters themselves.
 * A statement is matched by its text, so a name that only looks alike (a future coupon_products) is one
 * more re-read of the counters, never a missed change.
 */
const CATALOGUE_TABLES = /\b(products|product_specs|product_types|shops|catalog_versions)\b/i;

type StatementKind = 'read' | 'catalogue' | 'end' | 'other';

/**
 * What a statement may do to what the catalogue shows: a plain SELECT nothing; a write naming a catalogue
 * table may change it; COMMIT or ROLLBACK ends a transaction; any other write (orders, payments, members,
 * sessions) leaves it alone. A statement whose text cannot be read counts as a catalogue write.
 */
function kindOf(statement: unknown): StatementKind {
  const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
  if (typeof text !== 'string') return 'catalogue';
  // A session-prepared statement's EXECUTE carries its values, so its text is new each time: it is the
  // kind of what was prepared (server/db/client.ts sessionPrepared), and a name never prepared may write.
  const executed = EXECUTE.exec(text);
  if (executed) return preparedKinds.get(executed[1]!.toLowerCase()) ?? 'catalogue';
  const prepare = PREPARE.exec(text);
  if (prepare) {
    preparedKinds.set(prepare[1]!.toLowerCase(), kindOfText(prepare[2]!));
    return 'read';
  }
  const known = kindsByText.get(text);
  if (known) return known;
  const kind = kindOfText(text);
  if (kindsByText.size < KINDS_KEPT) kindsByText.set(text, kind);
  return kind;
}

function kindOfText(text: string): StatementKind {
  if (/^\s*select\b/i.test(text)) return 'read';
  if (/^\s*(commit|rollback|end)\b/i.test(text)) return 'end';
  return CATALOGUE_TABLES.test(text) ? 'catalogue' : 'other';
}

/**
 * Kinds of statement texts already read. The app's statements are parameterised, so their texts are few,
 * and the order submit's is several kilobytes the pattern would scan on every call (1 % of a submit's CPU
 * under load). Bounded, because a text with inline values is new each time.
 */
const kindsByText = new Map<string, StatementKind>();
const KINDS_KEPT = 2_000;

const EXECUTE = /^\s*execute\s+([a-z_][a-z0-9_]*)/i;
const PREPARE = /^\s*prepare\s+([a-z_][a-z0-9_]*)\s+as\s+([\s\S]*)$/i;
/** What each statement prepared in a session does, by name. */
const preparedKinds = new Map<string, StatementKind>();

/**
 * Wraps `owner.query` (one connection, or PGlite outside its transactions) so the count moves once a
 * statement that may change the catalogue has finished, and again when the transaction it was part of
 * ends: the change is visible to other connections only from the commit, and a reader must not note the
 * counters it read before the commit under a count taken after the write. Orders, payments and sessions
 * write without moving it, so the counters stay trusted through an order peak.
 */
function countWrites(owner: { query: Query }, bump: () => void): void {
  const query = owner.query;
  let wroteCatalogue = false;
  owner.query = function watchedQuery(this: unknown, statement: unknown, ...rest: unknown[]) {
    const kind = kindOf(statement);
    if (kind === 'read' || kind === 'other') return query.call(this, statement, ...rest);
    if (kind === 'catalogue') wroteCatalogue = true;
    else if (!wroteCatalogue) return query.call(this, statement, ...rest);
    const finished = () => {
      if (kind === 'end') wroteCatalogue = false;
      bump();
    };
    // pg's pool.query runs its statement on a pooled client with a callback, which returns nothing.
    const last = rest.at(-1);
    if (typeof last === 'function') {
      const done = (...results: unknown[]) => {
        finished();
        return (last as (...args: unknown[]) => unknown)(...results);
      };
      return query.call(this, statement, ...rest.slice(0, -1), done);
    }
    const result = query.call(this, statement, ...rest);
    // A submittable (pg-cursor) is no promise; nothing here uses one, so it only must not break.
    return result instanceof Promise ? result.finally(finished) : result;
  };
}

/**
 * PGlite runs a transaction's statements on the handle it passes to the callback: those are watched for
 * catalogue writes, and the count moves after the transaction ends if one was seen. `exec` (several
 * statements in one text: migrations, the seeder) always moves it.
 */
function watchPglite(client: PGlite, bump: () => void): void {
  countWrites(client as unknown as { query: Query }, bump);
  const { exec, transaction } = client;
  client.exec = function watchedExec(this: PGlite, ...args) {
    return exec.apply(this, args).finally(bump);
  } as typeof exec;
  client.transaction = function watchedTransaction<T>(
    this: PGlite,
    callback: Parameters<PGlite['transaction']>[0],
  ) {
    let wroteCatalogue = false;
    const watched = (tx: Parameters<typeof callback>[0]) => {
      const { query: txQuery, exec: txExec } = tx;
      tx.query = function watchedTxQuery(this: unknown, ...args: Parameters<typeof txQuery>) {
        if (kindOf(args[0]) === 'catalogue') wroteCatalogue = true;
        return txQuery.apply(this, args);
      } as typeof txQuery;
      tx.exec = function watchedTxExec(this: unknown, ...args: Parameters<typeof txExec>) {
        wroteCatalogue = true;
        return txExec.apply(this, args);
      } as typeof txExec;
      return callback(tx);
    };
    return (transaction.call(this, watched) as Promise<T>).finally(() => {
      if (wroteCatalogue) bump();
    });
  } as typeof transaction;
}

/** Every statement of a pg pool runs on a client it hands out (pool.query too): each is wrapped once. */
function watchPool(pool: pg.Pool, bump: () => void): void {
  const wrapped = new WeakSet<object>();
  const watch = (client: pg.PoolClient | undefined) => {
    if (client && !wrapped.has(client)) {
      wrapped.add(client);
      countWrites(client as unknown as { query: Query }, bump);
    }
    return client;
  };
  const connect = pool.connect;
  pool.connect = function watchedConnect(this: pg.Pool, callback?: (...args: never[]) => void) {
    if (!callback)
      return (connect as () => Promise<pg.PoolClient>).call(this).then((client) => watch(client)!);
    return connect.call(this, ((error: Error | undefined, client: pg.PoolClient | undefined, done: never) => {
      (callback as (...args: unknown[]) => void)(error, watch(client), done);
    }) as never);
  } as typeof connect;
}

/**
 * Counts writes through the client under `db`. The count moves once a write has finished, so a reader
 * that noted the count before reading the counters can only ever read them again too often, never miss
 * a write of this process. Null for a client of another kind (the counters are then read every time).
 */
export function watchWrites(db: Database): WriteWatch | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  const known = client ? writeWatches.get(client as object) : undefined;
  if (known) return known;
  const shared = client instanceof pg.Pool;
  if (!(client instanceof PGlite) && !shared) return null;
  const watch: WriteWatch = { generation: 0, shared };
  const bump = () => void watch.generation++;
  if (shared) watchPool(client as pg.Pool, bump);
  else watchPglite(client as PGlite, bump);
  writeWatches.set(client as object, watch);
  return watch;
}

const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * The first instant after `now` at which a product's computed state may change: the nearest sale-time
 * start or end in the shop's zone, or the next quarter hour, whichever comes first. Inside a quarter hour
 * the zone's offset is fixed (zones shift on whole quarter hours), so local minutes map to instants.
 */
export function saleWindowEnd(rows: CatalogueRows, timezone: string, now: Date): number {
  const cap = Math.floor(now.getTime() / WINDOW_CAP_MS) * WINDOW_CAP_MS + WINDOW_CAP_MS;
  const edges = new Set<number>();
  for (const product of rows.products) {
    for (const range of product.saleTimes) edges.add(toMinutes(range.start)).add(toMinutes(range.end));
  }
  if (edges.size === 0) return cap;
  const { minutes } = localTime(now, timezone);
  const minuteStart = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  let ahead = DAY_MINUTES;
  for (const edge of edges)
    ahead = Math.min(ahead, (edge - minutes + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES);
  return Math.min(cap, minuteStart + ahead * MINUTE_MS);
}

/** The part of a version that names the menu (everything but stock and the clock). */
export const menuPartOf = (version: string) => version.split('.', 1)[0]!;

export type ReplyEncoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

/** A serialized reply and its compressed forms, each made once (off the event loop) and then reused. */
export class PreparedBody {
  private readonly encoded = new Map<ReplyEncoding, Promise<Buffer>>();

  constructor(readonly json: Buffer) {}

  /** The bytes to send for the client's preferred encoding, and the encoding used (null: as is). */
  async forEncoding(
    wanted: ReplyEncoding | null,
  ): Promise<{ bytes: Buffer; encoding: ReplyEncoding | null }> {
    if (wanted === null || this.json.length < COMPRESS_THRESHOLD_BYTES)
      return { bytes: this.json, encoding: null };
    let bytes = this.encoded.get(wanted);
    if (!bytes) {
      bytes = wanted === 'br' ? brotli(this.json, BROTLI_OPTIONS) : gzipped(this.json);
      this.encoded.set(wanted, bytes);
    }
    return { bytes: await bytes, encoding: wanted };
  }
}

/**
 * The encoding to answer in: br when the client accepts it, else gzip, else none. A coding listed with
 * q=0 is refused; `*` stands for any coding not listed.
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): ReplyEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: ReplyEncoding) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

export interface CatalogEntry {
  shopId: number;
  locale: CatalogueLocale;
  versions: ShopVersions;
  /** The entry serves requests whose clock is in [builtAt, windowEnd). */
  builtAt: number;
  windowEnd: number;
  /** "menu.stock.window" in base 36. */
  version: string;
  /** Weak: the same entity goes out in several encodings. The language is part of it. */
  etag: string;
  catalogue: Catalogue;
  /** The shop's row, taxes and member settings, for the order path (decision K11). */
  shop: ShopRecord;
  taxes: TaxRow[];
  memberSetting: MemberSettingRow | undefined;
  /** store/products' envelope, serialized on first use. */
  productsBody: PreparedBody | null;
}

const isCurrent = (entry: CatalogEntry, versions: ShopVersions, now: Date) =>
  entry.versions.menu === versions.menu &&
  entry.versions.stock === versions.stock &&
  now.getTime() >= entry.builtAt &&
  now.getTime() < entry.windowEnd;

async function buildEntry(
  db: Database,
  shopId: number,
  locale: CatalogueLocale,
  versions: ShopVersions,
  now: Date,
): Promise<CatalogEntry | null> {
  const shop = await loadShop(db, shopId);
  if (!shop) return null;
  const rows = await loadCatalogue(db, shopId);
  const taxes = await loadTaxes(db, shopId);
  const memberSetting = await loadMemberSettingRow(db, shopId);
  const { timezone, mustPickTypeId } = shop.row.settings;
  const windowEnd = saleWindowEnd(rows, timezone, now);
  const version = [versions.menu, versions.stock, Math.floor(windowEnd / MINUTE_MS)]
    .map((n) => n.toString(36))
    .join('.');
  return {
    shopId,
    locale,
    versions,
    builtAt: now.getTime(),
    windowEnd,
    version,
    etag: `W/"${locale}.${version}"`,
    catalogue: new Catalogue(rows, { locale, timezone, now, mustPickTypeId }, version),
    shop,
    taxes,
    memberSetting,
    productsBody: null,
  };
}

/** Whether an If-None-Match header names the entity tag (weak comparison, as RFC 9110 asks). */
export function matchesEtag(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = strip(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || strip(tag) === wanted);
}

/** A bounded map of entries, least recently used first, with one build at a time per shop version. */
export class CatalogCache {
  private readonly entries = new Map<string, CatalogEntry>();
  private readonly building = new Map<string, Promise<CatalogEntry | null>>();
  /** Each shop's counters, with the write count and the time they were read at. */
  private readonly readAt = new Map<number, { generation: number; at: number; versions: ShopVersions }>();

  constructor(
    readonly capacity: number = DEFAULT_CATALOG_CACHE_ENTRIES,
    readonly versionTtlMs: number = DEFAULT_CATALOG_VERSION_TTL_MS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The shop's current entry in this language (null when the shop does not exist). */
  async entry(
    db: Database,
    shopId: number,
    locale: CatalogueLocale,
    now: Date,
  ): Promise<CatalogEntry | null> {
    const versions = await this.versions(db, shopId);
    const key = `${shopId}:${locale}`;
    const held = this.entries.get(key);
    if (held && isCurrent(held, versions, now)) {
      this.entries.delete(key);
      this.entries.set(key, held);
      return held;
    }
    const buildKey = `${key}:${versions.menu}:${versions.stock}`;
    let pending = this.building.get(buildKey);
    if (!pending) {
      pending = buildEntry(db, shopId, locale, versions, now).finally(() => this.building.delete(buildKey));
      this.building.set(buildKey, pending);
    }
    let built = await pending;
    // A build started by a request with another clock (a sale-time edge between them) does not fit.
    if (built && !isCurrent(built, versions, now))
      built = await buildEntry(db, shopId, locale, versions, now);
    if (built) this.keep(key, built);
    return built;
  }

  /** Wall-clock time (not the app clock): it bounds how late another process's change is seen. */
  private async versions(db: Database, shopId: number): Promise<ShopVersions> {
    const watch = watchWrites(db);
    if (!watch || (watch.shared && this.versionTtlMs === 0)) return readShopVersions(db, shopId);
    const known = this.readAt.get(shopId);
    const fresh = (at: number) => !watch.shared || performance.now() - at < this.versionTtlMs;
    if (known && known.generation === watch.generation && fresh(known.at)) return known.versions;
    const generation = watch.generation;
    const at = performance.now();
    const versions = await readShopVersions(db, shopId);
    this.readAt.delete(shopId);
    this.readAt.set(shopId, { generation, at, versions });
    // Bounded like the entries: one record per shop read, dropped oldest first.
    if (this.readAt.size > this.capacity) this.readAt.delete(this.readAt.keys().next().value!);
    return versions;
  }

  private keep(key: string, entry: CatalogEntry): void {
    const held = this.entries.get(key);
    // Two builds of different versions may finish out of order; the newer counters stay.
    if (held && (held.versions.menu > entry.versions.menu || held.versions.stock > entry.versions.stock))
      return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value!;
      this.entries.delete(oldest);
    }
  }
}

/** store/products' reply of an entry (`changed: false`), serialized once per entry. */
export function productsBodyOf(entry: CatalogEntry): PreparedBody {
  entry.productsBody ??= new PreparedBody(
    Buffer.from(
      JSON.stringify({
        result: true,
        info: { version: entry.version, changed: false, list: entry.catalogue.listed() },
        message: '',
      }),
    ),
  );
  return entry.productsBody;
}
