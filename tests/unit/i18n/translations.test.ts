// Every locale must carry every message with the same parameters as English, so a switch never shows a
// key or an unfilled placeholder.
import { describe, expect, it } from 'vitest';
import en from '../../../src/i18n/en';
import es from '../../../src/i18n/es';
import fr from '../../../src/i18n/fr';
import zhCN from '../../../src/i18n/zh-CN';
import zhTW from '../../../src/i18n/zh-TW';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const params = (text: string) => [...text.matchAll(/\{(\w+)(?::\w+)?\}/g)].map((m) => m[1]).sort();

const base = flatten(en as Tree);
const others = { 'zh-CN': zhCN, 'zh-TW': zhTW, fr, es } as Record<string, Tree>;

describe.each(Object.entries(others))('the %s translation', (_locale, translation) => {
  const flat = flatten(translation);

  it('has exactly the English keys', () => {
    expect([...flat.keys()].sort()).toEqual([...base.keys()].sort());
  });

  it('uses the same parameters as English in every message', () => {
    for (const [key, text] of base) {
      expect(params(flat.get(key) ?? ''), key).toEqual(params(text));
    }
  });

  it('has no empty message', () => {
    for (const [key, text] of flat) expect(text.trim(), key).not.toBe('');
  });
});

describe('Chinese translations', () => {
  it('are written in Chinese, not left in English', () => {
    const zh = flatten(zhCN as Tree);
    const tw = flatten(zhTW as Tree);
    expect(zh.get('tabs.home')).toBe('首页');
    expect(tw.get('tabs.home')).toBe('首頁');
    expect(zh.get('product.addToCart')).not.toBe(base.get('product.addToCart'));
  });
});
