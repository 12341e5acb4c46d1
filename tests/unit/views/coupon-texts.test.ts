// The reasons a coupon cannot be used and the notices of a changed choice, in the customer's words
// (spec §8 coupon reasons; the member-card notice of the confirm page).
import { describe, expect, it } from 'vitest';
import { i18nObject } from '../../../src/i18n/i18n-util';
import { loadLocale } from '../../../src/i18n/i18n-util.sync';
import type { Locales } from '../../../src/i18n/i18n-types';
import { noticeText, optionReasons, reasonText } from '../../../src/views/coupon/coupon-text';

const LL = (locale: Locales) => {
  loadLocale(locale);
  return i18nObject(locale);
};
const yuan = (n: number) => `¥${(n / 100).toFixed(2)}`;

describe('coupon reasons in words', () => {
  it('says how much the order is short and how many items it needs', () => {
    expect(reasonText(LL('en'), 'amount', { short: 300, minQuantity: 0 }, yuan)).toBe('¥3.00 short');
    expect(reasonText(LL('en'), 'quantity', { short: 0, minQuantity: 2 }, yuan)).toBe(
      'Needs at least 2 items',
    );
    expect(reasonText(LL('zh-CN'), 'amount', { short: 300, minQuantity: 0 }, yuan)).toBe('还差¥3.00');
  });

  it('names each engine reason, and drops one it does not know', () => {
    const en = LL('en');
    const facts = { short: 0, minQuantity: 0 };
    expect(reasonText(en, 'payType', facts, yuan)).toBe('Member card payment only');
    expect(reasonText(en, 'userType', facts, yuan)).toBe('Members only');
    expect(reasonText(en, 'date', facts, yuan)).toBe('Not valid today');
    expect(reasonText(en, 'product', facts, yuan)).toBe('Needs a listed product in your cart');
    expect(reasonText(en, 'somethingNew', facts, yuan)).toBeNull();
    expect(optionReasons(en, { reasons: ['orderType', 'amount'], short: 150, minQuantity: 0 }, yuan)).toBe(
      'Not for this way of ordering · ¥1.50 short',
    );
  });

  it('tells why a coupon left the order', () => {
    const en = LL('en');
    expect(noticeText(en, { kind: 'payTypeDropped', name: 'Card gift' }, yuan)).toBe(
      'This coupon is for member-card payment; it was removed.',
    );
    expect(noticeText(en, { kind: 'refused', reasons: ['amount'] }, yuan)).toBe(
      'The shop could not accept this coupon (Order amount too low). Choose another or none.',
    );
    expect(noticeText(en, { kind: 'refused', reasons: [] }, yuan)).toBe(
      'The shop could not accept this coupon. Choose another or none.',
    );
    expect(noticeText(LL('zh-CN'), { kind: 'payTypeDropped', name: '充值赠券' }, yuan)).toBe(
      '该优惠券仅限会员卡支付，已为你取消。',
    );
  });
});
