// Writes a printable QR code for every table of the shops in the database (the demo shops on a fresh one):
// per table a PNG and an SVG, and per shop an index.html sheet to print and cut, into ./table-codes/.
// Each code opens `<base>/#/?id=<shopId>&table=<code>`, where code is the table's unguessable code
// (created here when a table has none, then stable); a shop that takes open-table orders adds
// `&source_type=openTable`, so its tables open their shared tab (decision T49).
//
//   TABLE_CODE_BASE_URL=https://shop.example.com npm run table-codes
//
// The database is the server's (DATABASE_URL, else PGlite in DATA_DIR); stop a PGlite server first.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc } from 'drizzle-orm';
import QRCode from 'qrcode';
import { databaseConfigFromEnv, openDatabase } from '../server/db/client';
import { shops, tables } from '../server/db/schema';
import { payPasswordKeysFromEnv } from '../server/modules/identity/identity-password';
import { ensureTableCodes } from '../server/modules/orders/tables';
import { seedDatabase } from '../server/seed/seeder';
import { tableEntryUrl } from '../src/domain/api/table';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = resolve(ROOT, 'table-codes');
const DEFAULT_BASE = 'http://localhost:8080';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Table names become file names: keep letters, digits and dashes. */
const fileStem = (name: string, id: number) => `${name.replace(/[^\p{L}\p{N}-]+/gu, '_')}-${id}`;

function sheet(shopName: string, cards: { name: string; area: string; svg: string; url: string }[]): string {
  const items = cards
    .map(
      (c) => `<figure>${c.svg}<figcaption><strong>${escape(c.name)}</strong><span>${escape(c.area)}</span>
<small>${escape(c.url)}</small></figcaption></figure>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(shopName)} — table codes</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 16mm; }
  h1 { font-size: 18pt; }
  main { display: grid; grid-template-columns: repeat(3, 1fr); gap: 10mm; }
  figure { margin: 0; padding: 6mm; border: 1px dashed #999; text-align: center; break-inside: avoid; }
  figure svg { width: 45mm; height: 45mm; }
  figcaption { display: flex; flex-direction: column; gap: 1mm; }
  strong { font-size: 20pt; }
  small { font-size: 6pt; color: #777; word-break: break-all; }
</style></head>
<body><h1>${escape(shopName)}</h1><p>Scan to order at your table · 扫码点餐</p>
<main>
${items}
</main></body></html>
`;
}

async function main() {
  const base = process.env.TABLE_CODE_BASE_URL?.trim() || DEFAULT_BASE;
  if (!/^https?:\/\//.test(base))
    throw new Error(`TABLE_CODE_BASE_URL must be an http(s) URL, got "${base}"`);
  const database = await openDatabase(databaseConfigFromEnv(process.env));
  try {
    const { demoSeedData } = await import('../server/seed/index');
    // The demo members' pay passwords go under the server's key when PAY_PASSWORD_KEYS is set.
    const payPasswordKeys = payPasswordKeysFromEnv(process.env, true);
    // As the server seeds: the public demo merchant keys only in demo mode (DEMO_MODE, default on).
    const demoMode = !['0', 'false', 'no', 'off'].includes(process.env.DEMO_MODE?.trim().toLowerCase() ?? '');
    await seedDatabase(database.db, demoSeedData(), { payPasswordKeys, demoMode });
    const codes = await ensureTableCodes(database.db);
    const shopRows = await database.db.select().from(shops).orderBy(asc(shops.id));
    const tableRows = await database.db.select().from(tables).orderBy(asc(tables.shopId), asc(tables.id));

    await rm(OUT, { recursive: true, force: true });
    let written = 0;
    for (const shop of shopRows) {
      const mine = tableRows.filter((t) => t.shopId === shop.id);
      if (mine.length === 0) continue;
      const dir = join(OUT, `shop-${shop.id}`);
      await mkdir(dir, { recursive: true });
      const cards = [];
      for (const table of mine) {
        const url = tableEntryUrl(base, shop.id, codes.get(table.id)!, {
          openTable: shop.orderTypes.includes('openTable'),
        });
        const stem = fileStem(table.name, table.id);
        const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
        await QRCode.toFile(join(dir, `${stem}.png`), url, { ...options, width: 600 });
        const svg = await QRCode.toString(url, { ...options, type: 'svg' });
        await writeFile(join(dir, `${stem}.svg`), svg);
        cards.push({ name: table.name, area: `${table.area.en} · ${table.area.zh}`, svg, url });
        written++;
      }
      await writeFile(join(dir, 'index.html'), sheet(`${shop.name.en} · ${shop.name.zh}`, cards));
      console.log(`shop ${shop.id} ${shop.name.en}: ${mine.length} tables → ${dir}`);
    }
    console.log(`${written} table codes for ${base} written to ${OUT}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
