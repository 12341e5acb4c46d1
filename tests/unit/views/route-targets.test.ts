import { describe, expect, it, vi } from 'vitest';
import { PAGE_LOAD_TIMEOUT_MS, withTimeout } from '../../../src/app/page-load';
import { resolveTarget } from '../../../src/app/route-targets';
import { parseSearch, productIndexSearch, stringifySearch } from '../../../src/app/search';
import { TABS } from '../../../src/app/tabs';

describe('entry targets without a page yet', () => {
  it('built pages are kept with their query', () => {
    expect(resolveTarget('/product/index', { mode: 'cart' })).toEqual({
      path: '/product/index',
      query: { mode: 'cart' },
    });
  });

  it('the member centre and the member pages are pages of their own', () => {
    expect(resolveTarget('/member/index')).toEqual({ path: '/member/index', query: {} });
    expect(resolveTarget('/member/bind-qrcode').path).toBe('/member/bind-qrcode');
    expect(resolveTarget('/pages/user/protocol').path).toBe('/pages/user/protocol');
  });

  it('the table page and the ordering pages are built and keep their query', () => {
    expect(resolveTarget('/product/table', { table: 7, status: 0 })).toEqual({
      path: '/product/table',
      query: { table: 7, status: 0 },
    });
    expect(resolveTarget('/order/success', { id: 3 })).toEqual({ path: '/order/success', query: { id: 3 } });
    expect(resolveTarget('/pages/user/address/update', { id: 4 }).path).toBe('/pages/user/address/update');
  });

  it('the expand red bag, the orders tab and order detail are pages of their own', () => {
    expect(resolveTarget('/product/expand-red-bag', { id: 3 })).toEqual({
      path: '/product/expand-red-bag',
      query: { id: 3 },
    });
    expect(resolveTarget('/pages/user/order/list', { orderId: 9 }).path).toBe('/pages/user/order/list');
    expect(resolveTarget('/pages/user/order/detail', { id: 9 })).toEqual({
      path: '/pages/user/order/detail',
      query: { id: 9 },
    });
  });

  it('the location pick is a page of its own (the address form opening on the map)', () => {
    expect(resolveTarget('/pages/user/address/poi', { from: 'confirm' })).toEqual({
      path: '/pages/user/address/poi',
      query: { from: 'confirm' },
    });
  });

  it('an unknown route lands on the error page saying so', () => {
    expect(resolveTarget('/nowhere')).toEqual({
      path: '/pages/index/error',
      query: { reason: 'pageNotFound' },
    });
  });
});

describe('the tab bar', () => {
  it('lists only tabs whose page exists, in spec order', () => {
    expect(TABS.map((t) => t.path)).toEqual([
      '/pages/user/index-tab',
      '/pages/user/index-tab-1',
      '/pages/user/order/list',
      '/pages/user/center',
    ]);
    for (const tab of TABS) expect(resolveTarget(tab.path).path).toBe(tab.path);
  });
});

describe('query props', () => {
  it('keep values as text so leading zeros survive', () => {
    expect(parseSearch('?table_no=007&id=12')).toEqual({ table_no: '007', id: '12' });
    expect(stringifySearch({ a: 1, b: undefined, c: '' })).toBe('?a=1');
  });

  it('drop a malformed id instead of failing the page', () => {
    expect(productIndexSearch.parse({ typeId: 'abc', mode: 'cart' })).toEqual({
      typeId: undefined,
      mode: 'cart',
      table: undefined,
      productId: undefined,
    });
    expect(productIndexSearch.parse({ typeId: '4' }).typeId).toBe(4);
  });
});

describe('loading a page', () => {
  it('a page whose code never arrives fails after the spec time-out, so the error view can offer a reload', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<never>(() => undefined);
      const loading = withTimeout(never, PAGE_LOAD_TIMEOUT_MS);
      const outcome = loading.then(
        () => 'loaded',
        (error: Error) => error.message,
      );
      await vi.advanceTimersByTimeAsync(PAGE_LOAD_TIMEOUT_MS - 1);
      let settled = false;
      void outcome.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toMatch(/timed out/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a page that arrives in time is used as it is', async () => {
    await expect(withTimeout(Promise.resolve('page'), PAGE_LOAD_TIMEOUT_MS)).resolves.toBe('page');
    expect(PAGE_LOAD_TIMEOUT_MS).toBe(60_000);
  });
});
