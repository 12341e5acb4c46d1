// How long a browser and a CDN keep the built app's files (decision K21). Vite names every file under
// assets/ by a hash of its content, so a new build never changes a file at an old name: those are kept a
// year and never revalidated. Everything else at the root (index.html, which names the current hashes; the
// service worker and its registration; the manifest and icons) keeps its name across builds, so it is
// revalidated on every use (ETag / Last-Modified make that a 304 when nothing changed).
import { relative, sep } from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The Cache-Control of a file of the built app, by its path on disk (a .br or .gz twin included). */
export function spaCacheControl(spaDir: string, filePath: string): string {
  const inDist = relative(spaDir, filePath);
  return inDist.startsWith(`assets${sep}`) ? IMMUTABLE : REVALIDATE;
}
