// The built app's files (decisions K20, K21): the .br or .gz twin the build wrote is sent to a browser that
// accepts it, hashed files under /assets/ are cached for a year as immutable, and the files that keep their
// name across builds (index.html, the service worker) are revalidated on every use.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers';

const SCRIPT = `export const menu = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `dish ${i}`))};`;
const INDEX =
  '<!doctype html><title>Storefront</title><script type="module" src="/assets/index-4f3c2a1b.js"></script>';

/** Writes `text` and, as the build does, its .br and .gz twins. */
function writeWithTwins(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

describe('the built app as static files', () => {
  const root = mkdtempSync(join(tmpdir(), 'storefront-assets-'));
  const spaDir = join(root, 'dist');
  const imagesDir = join(root, 'images');
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(spaDir, 'assets'), { recursive: true });
    mkdirSync(imagesDir);
    writeWithTwins(join(spaDir, 'index.html'), INDEX);
    writeWithTwins(join(spaDir, 'assets', 'index-4f3c2a1b.js'), SCRIPT);
    writeFileSync(join(spaDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(imagesDir, 'noodles.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp('pglite', { spaDir, demoImagesDir: imagesDir, seed: false });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli twin to a browser that accepts br, and the gzip one to one that accepts only gzip', async () => {
    const br = await get('/assets/index-4f3c2a1b.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);

    const gz = await get('/assets/index-4f3c2a1b.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);

    const plain = await get('/assets/index-4f3c2a1b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('keeps hashed files a year as immutable, whichever twin is sent', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const reply = await get('/assets/index-4f3c2a1b.js', encoding);
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has index.html and the service worker revalidated on every use', async () => {
    const page = await get('/', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag ?? page.headers['last-modified']).toBeTruthy();
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('answers a revalidation of index.html with 304 and no body', async () => {
    const first = await get('/');
    const again = await t.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps demo pictures an hour, not as immutable: their names carry no hash', async () => {
    const image = await get('/assets/demo/noodles.svg');
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('public, max-age=3600');
  });
});
