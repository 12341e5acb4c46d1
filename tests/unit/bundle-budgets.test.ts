// The first route and every lazily loaded page stay within their gzip budgets (bench/bundle-sizes.ts): a
// value imported from a module that defines zod schemas, say, ships zod to the page (decision F8).
import { describe, expect, it } from 'vitest';
import { FIRST_ROUTE_BUDGET, LAZY_ROUTE_BUDGET, measureBundle } from '../../bench/bundle-sizes';

describe('the production bundle', () => {
  it('keeps the first route within 140 KiB and each lazy page within 25 KiB of gzip', async () => {
    const sizes = await measureBundle();
    expect(sizes.pages.length).toBeGreaterThan(30);
    expect(sizes.firstRoute).toBeLessThanOrEqual(FIRST_ROUTE_BUDGET);
    const over = sizes.pages.filter((page) => page.bytes > LAZY_ROUTE_BUDGET);
    expect(over.map((page) => `${page.name}: ${(page.bytes / 1024).toFixed(1)} KiB`)).toEqual([]);
    expect(sizes.locales).toEqual(expect.arrayContaining(['en', 'zh-CN', 'zh-TW', 'fr', 'es']));
  }, 180_000);
});
