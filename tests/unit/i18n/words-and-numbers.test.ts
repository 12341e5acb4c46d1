// Counts read as the language says them (one order, two orders; no plural in Chinese), times are on a
// 24-hour clock in every language, and a card payment is named as the confirm page offered it.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatClock, formatDateTime } from '../../../src/i18n/date-time';
import type { Locales } from '../../../src/i18n/i18n-types';
import { i18nObject } from '../../../src/i18n/i18n-util';
import { loadAllLocales } from '../../../src/i18n/i18n-util.sync';

const LL = (locale: Locales) => i18nObject(locale);
beforeAll(() => loadAllLocales());

describe('counts', () => {
  it('say one order and several orders placed together', () => {
    expect(LL('en').multi.placed({ count: 1 })).toBe('1 order placed.');
    expect(LL('en').multi.placed({ count: 3 })).toBe('3 orders placed together.');
    expect(LL('fr').multi.placed({ count: 1 })).toBe('1 commande passée.');
    expect(LL('fr').multi.placed({ count: 2 })).toBe('2 commandes passées ensemble.');
    expect(LL('es').multi.placed({ count: 1 })).toBe('1 pedido realizado.');
    expect(LL('es').multi.placed({ count: 2 })).toBe('2 pedidos realizados juntos.');
    expect(LL('zh-CN').multi.placed({ count: 1 })).toBe('已同时提交 1 张订单。');
  });

  it('name shops, cart items and sales in the singular for one', () => {
    expect(LL('en').multi.count({ count: 1 })).toBe('1 shop');
    expect(LL('en').multi.count({ count: 2 })).toBe('2 shops');
    expect(LL('en').cart.open({ count: 1 })).toBe('Open the cart, 1 item');
    expect(LL('en').cart.open({ count: 2 })).toBe('Open the cart, 2 items');
    expect(LL('fr').cart.open({ count: 1 })).toBe('Ouvrir le panier, 1 article');
    expect(LL('es').multi.count({ count: 1 })).toBe('1 tienda');
    // French counts zero as singular.
    expect(LL('fr').product.sales({ count: 0 })).toBe('0 vendu');
    expect(LL('fr').product.sales({ count: 12 })).toBe('12 vendus');
    expect(LL('es').product.sales({ count: 1 })).toBe('1 vendido');
  });
});

describe('times', () => {
  const afternoon = new Date(2026, 10, 19, 13, 5);
  const afterMidnight = new Date(2026, 10, 19, 0, 5);

  it.each(['en', 'zh-CN', 'zh-TW', 'fr', 'es'] as const)('are on a 24-hour clock in %s', (locale) => {
    expect(formatClock(afternoon, locale)).toBe('13:05');
    expect(formatClock(afterMidnight, locale)).toBe('00:05');
    expect(formatDateTime(afternoon, locale)).toContain('13:05');
    expect(formatDateTime(afternoon, locale)).not.toMatch(/AM|PM|上午|下午/);
  });

  it('leave an unreadable date blank', () => {
    expect(formatDateTime('not a date', 'en')).toBe('');
    expect(formatClock('', 'en')).toBe('');
  });
});

describe('payment methods', () => {
  it('name the online card payment as the confirm page offered it, not the raw value', () => {
    expect(LL('en').orders.payType.Card()).toBe('Online payment');
    expect(LL('zh-CN').orders.payType.Card()).toBe('在线支付');
    expect(LL('zh-TW').orders.payType.Card()).toBe('線上支付');
    expect(LL('fr').orders.payType.Card()).toBe('Paiement en ligne');
    expect(LL('es').orders.payType.Card()).toBe('Pago en línea');
  });
});
