// Issues, lists and revokes a shop's merchant API keys, working in the server's own database
// (DATABASE_URL, else PGlite in DATA_DIR; opened and migrated by server/db/client.ts as the server does).
//
//   npm run merchant-keys -- issue <shopId> [--label "front counter"]
//   npm run merchant-keys -- list <shopId>
//   npm run merchant-keys -- revoke <keyId>
//
// `issue` prints the new key alone on stdout (its notes go to stderr), so
// `MERCHANT_KEY=$(npm run --silent merchant-keys -- issue 1)` captures it; it is shown this once, only its
// sha256 is stored. PGlite lets one process at a time open a data directory, so with PGlite the server
// is stopped first (this refuses while the directory is open); PostgreSQL needs no such care. A refusal
// (unknown shop or key, a key already revoked, no database) exits with 1, bad usage with 2.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { databaseConfigFromEnv, openDatabase, type OpenDatabase } from '../server/db/client';
import {
  issueMerchantKey,
  listMerchantKeys,
  MERCHANT_KEY_LABEL_MAX,
  revokeMerchantKey,
  type MerchantKeyInfo,
} from '../server/modules/merchant/merchant-keys';

export const USAGE = `Usage: npm run merchant-keys -- <command> <id> [options]

Commands:
  issue <shopId>              create a key for the shop; prints it once (only its hash is stored)
  list <shopId>               the shop's keys: id, status, created, revoked, hint, label
  revoke <keyId>              refuse the key on the merchant API from now on

Options:
  --label <text>              issue: what the key is for, e.g. "front counter" (at most ${MERCHANT_KEY_LABEL_MAX} characters)
  -h, --help                  this help

The database is the server's: DATABASE_URL, else PGlite in DATA_DIR (default ./data).
With PGlite, stop the server first: only one process at a time may open its data directory.`;

export type Command =
  | { kind: 'help' }
  | { kind: 'issue'; shopId: number; label: string }
  | { kind: 'list'; shopId: number }
  | { kind: 'revoke'; keyId: number };

export class UsageError extends Error {}

/** Ids are serial (32-bit) columns: anything else cannot name a row. */
const MAX_ID = 2_147_483_647;

function parseId(value: string | undefined, what: string, command: string): number {
  if (value === undefined) throw new UsageError(`${command} needs a ${what}`);
  const id = /^[1-9]\d*$/.test(value) ? Number(value) : NaN;
  if (!(id <= MAX_ID)) throw new UsageError(`The ${what} must be a whole number from 1, got "${value}"`);
  return id;
}

/** Reads the command line; throws UsageError with a message for bad usage. */
export function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        label: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [name, id, ...rest] = positionals;
  if (values.help || name === undefined || name === 'help') return { kind: 'help' };
  if (!['issue', 'list', 'revoke'].includes(name)) throw new UsageError(`Unknown command "${name}"`);
  if (rest.length > 0) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}`);
  if (values.label !== undefined && name !== 'issue') throw new UsageError('--label is for issue only');

  if (name === 'revoke') return { kind: 'revoke', keyId: parseId(id, 'key id', name) };
  const shopId = parseId(id, 'shop id', name);
  if (name === 'list') return { kind: 'list', shopId };
  const label = values.label?.trim() ?? '';
  if (label.length > MERCHANT_KEY_LABEL_MAX)
    throw new UsageError(`--label must be at most ${MERCHANT_KEY_LABEL_MAX} characters`);
  // A label is printed in a table on an operator's terminal: control characters would garble it.
  if (/\p{Cc}/u.test(label)) throw new UsageError('--label must not contain control characters');
  return { kind: 'issue', shopId, label };
}

/** An instant to the second, in UTC: the operator compares it with logs, not with a wall clock. */
export const formatInstant = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The shop's keys as an aligned table, one line per key after a header. */
export function keyTable(keys: MerchantKeyInfo[]): string[] {
  const rows = keys.map((k) => [
    String(k.id),
    k.revokedAt ? 'revoked' : 'active',
    formatInstant(k.createdAt),
    k.revokedAt ? formatInstant(k.revokedAt) : '-',
    k.hint ? `${k.hint}…` : '-',
    [k.label, k.demo ? '(public demo key)' : ''].filter(Boolean).join(' ') || '-',
  ]);
  const header = ['id', 'status', 'created', 'revoked', 'hint', 'label'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padStart(widths[0]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** "7 of shop 3 ("front counter")": which key, for messages. */
const describeKey = (k: MerchantKeyInfo) => `${k.id} of shop ${k.shopId}${k.label ? ` ("${k.label}")` : ''}`;

/** Opens the server's database; for PGlite only one that exists and that no other process holds open. */
export async function openServerDatabase(env: NodeJS.ProcessEnv): Promise<OpenDatabase> {
  const config = databaseConfigFromEnv(env);
  if (config.kind === 'pglite') {
    if (config.dataDir.startsWith('memory://'))
      throw new Error(
        "DATA_DIR is memory://, a throw-away database: point it at the server's data directory.",
      );
    const dir = resolve(config.dataDir);
    // Opening a missing directory would create an empty database here and hide a wrong DATA_DIR.
    if (!existsSync(join(dir, 'PG_VERSION')))
      throw new Error(
        `No database in ${dir}: start the server once to create it, or set DATA_DIR (or DATABASE_URL) to the server's.`,
      );
    // PGlite writes postmaster.pid while open and takes no lock, so a second process would silently
    // work on its own copy and the two would overwrite each other's changes.
    if (existsSync(join(dir, 'postmaster.pid')))
      throw new Error(
        `The database in ${dir} is open in another process (a running server?). PGlite allows one process ` +
          'at a time: stop the server, then run this again. If none is running, the last one did not close ' +
          'the database: start and stop the server once.',
      );
  }
  return openDatabase(config);
}

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The database to work in; default the server's (openServerDatabase). */
  open?: (env: NodeJS.ProcessEnv) => Promise<OpenDatabase>;
  now?: () => Date;
}

/** Runs the command; returns the exit code (0 done, 1 refused or failed, 2 bad usage). */
export async function runMerchantKeysCli(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === 'help') {
    io.out(USAGE);
    return 0;
  }
  let database: OpenDatabase;
  try {
    database = await (io.open ?? openServerDatabase)(env);
  } catch (error) {
    io.err(`Cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  try {
    const now = io.now?.() ?? new Date();
    const { db } = database;
    if (command.kind === 'issue') {
      const outcome = await issueMerchantKey(db, { shopId: command.shopId, label: command.label, now });
      if (!outcome.ok) {
        io.err(`No shop ${command.shopId}: no key was issued.`);
        return 1;
      }
      io.out(outcome.key);
      io.err(
        `Issued key ${outcome.info.id} for shop ${outcome.shop.id} (${outcome.shop.name})` +
          `${outcome.info.label ? `, label "${outcome.info.label}"` : ''}. This is the only time the key is shown ` +
          `(only its hash is stored): give it to the shop as MERCHANT_KEY. Revoke it with ` +
          `"npm run merchant-keys -- revoke ${outcome.info.id}".`,
      );
      return 0;
    }
    if (command.kind === 'list') {
      const listed = await listMerchantKeys(db, command.shopId);
      if (!listed) {
        io.err(`No shop ${command.shopId}.`);
        return 1;
      }
      const active = listed.keys.filter((k) => !k.revokedAt);
      io.out(
        `Shop ${listed.shop.id}, ${listed.shop.name}: ${listed.keys.length} key(s), ${active.length} active`,
      );
      if (listed.keys.length > 0) for (const line of keyTable(listed.keys)) io.out(line);
      const demo = active.find((k) => k.demo);
      if (demo)
        io.out(`Key ${demo.id} is the public demo key: anyone can use it. Revoke it before going live.`);
      return 0;
    }
    const outcome = await revokeMerchantKey(db, { keyId: command.keyId, now });
    if (!outcome.ok) {
      io.err(
        outcome.reason === 'unknownKey'
          ? `No key ${command.keyId}: nothing was revoked.`
          : `Key ${describeKey(outcome.info)} was already revoked at ${formatInstant(outcome.info.revokedAt!)}.`,
      );
      return 1;
    }
    io.out(`Revoked key ${describeKey(outcome.info)}: the merchant API refuses it from now on.`);
    if (outcome.activeLeft === 0)
      io.out(`Shop ${outcome.info.shopId} has no active key left: issue one for it to use the merchant API.`);
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runMerchantKeysCli(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
