// The sizes `npm run bench:bundle` prints and tests/unit/bundle-budgets.test.ts holds to their budgets: the
// gzip size of the JavaScript the first route needs (the entries index.html runs, the app's and the early
// script of a cold start, with their static imports, and the entry page's chunk) and what each lazily
// loaded page adds on top, measured on a production build in a temporary directory.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const FIRST_ROUTE_BUDGET = 140 * 1024;
export const LAZY_ROUTE_BUDGET = 25 * 1024;
const FIRST_PAGE = 'src/app/pages/general/entry-page.tsx';
/** The default locale's messages load before the first page shows. */
const FIRST_LOCALE = 'src/i18n/zh-CN/index.ts';

export interface BundleSizes {
  /** The entries and their static imports, bytes of gzip. */
  shell: number;
  /** The first route: entries, the entry page and the default locale's messages. */
  firstRoute: number;
  /** Each lazily loaded page (or a part a page loads after itself) and what it adds. */
  pages: { name: string; bytes: number }[];
  /** Locales whose messages load on demand. */
  locales: string[];
}

export async function measureBundle(): Promise<BundleSizes> {
  const outDir = mkdtempSync(join(tmpdir(), 'storefront-bundle-'));
  // Vite builds React's development code when NODE_ENV says otherwise (Vitest sets "test").
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, manifest: true, emptyOutDir: true },
    });
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const gzipOf = new Map<string, number>();
    const sizeOf = (file: string) => {
      let size = gzipOf.get(file);
      if (size === undefined) {
        size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
        gzipOf.set(file, size);
      }
      return size;
    };
    /** Every JS file a chunk loads before it runs: itself and its static imports, transitively. */
    const closure = (key: string, into = new Set<string>()) => {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) return into;
      into.add(chunk.file);
      for (const imported of chunk.imports ?? []) closure(imported, into);
      return into;
    };
    const total = (files: Iterable<string>) =>
      [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + sizeOf(f), 0);

    const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
    if (entryKeys.length === 0) throw new Error('no entry chunk in the manifest');
    const shell = new Set<string>();
    for (const key of entryKeys) closure(key, shell);
    const firstRoute = new Set(shell);
    if (manifest[FIRST_PAGE]) closure(FIRST_PAGE, firstRoute);
    if (manifest[FIRST_LOCALE]) closure(FIRST_LOCALE, firstRoute);

    const pageKeys = Object.keys(manifest)
      .filter((key) => manifest[key]?.isDynamicEntry && key.startsWith('src/app/pages/'))
      .sort();
    /** The pages that load the part `key` (not a `*-page.tsx` route) after themselves; empty otherwise. */
    const loadedAfter = (key: string) => {
      if (key.endsWith('-page.tsx')) return [];
      const importers = Object.keys(manifest).filter((k) => manifest[k]?.dynamicImports?.includes(key));
      return importers.length > 0 && importers.every((k) => pageKeys.includes(k)) ? importers : [];
    };
    const pages = pageKeys.map((key) => {
      const after = loadedAfter(key);
      // A part loaded after its page costs what its page has not already loaded (the most it can add).
      const loaded = after.length > 0 ? after.map((page) => closure(page, new Set(shell))) : [shell];
      const bytes = Math.max(
        ...loaded.map((have) => total([...closure(key)].filter((file) => !have.has(file)))),
      );
      const name = key.replace('src/app/pages/', '') + (after.length > 0 ? ' (after its page)' : '');
      return { name, bytes };
    });
    const locales = Object.keys(manifest)
      .filter((key) => /src\/i18n\/[^/]+\/index\.ts$/.test(key) && manifest[key]?.isDynamicEntry)
      .map((key) => key.split('/')[2]!);
    return { shell: total(shell), firstRoute: total(firstRoute), pages, locales };
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    rmSync(outDir, { recursive: true, force: true });
  }
}
