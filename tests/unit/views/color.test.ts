import { describe, expect, it } from 'vitest';
import { contrastRatio, mainColorVariables, parseHex, readableShade } from '../../../src/views/ui/color';

describe("the shop's main colour", () => {
  it('parses short and long hex colours', () => {
    expect(parseHex('#df554a')).toEqual([223, 85, 74]);
    expect(parseHex('fff')).toEqual([255, 255, 255]);
    expect(parseHex('red')).toBeNull();
  });

  it('darkens a light brand colour until white text on it reads at 4.5:1', () => {
    const shade = readableShade('#df554a');
    expect(contrastRatio('#df554a', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(shade).not.toBe('#df554a');
  });

  it('keeps a colour that is already dark enough', () => {
    expect(readableShade('#1d4ed8')).toBe('#1d4ed8');
  });

  it('the strong shade reads as text on white, on the tint and on the page grey for every demo colour', () => {
    for (const colour of [
      '#df554a',
      '#e8590c',
      '#2b8a3e',
      '#b5362d',
      '#f59f00',
      '#1971c2',
      '#ffd43b',
      '#0ca678',
    ]) {
      const vars = mainColorVariables(colour);
      const strong = vars['--main-color-strong']!;
      expect(contrastRatio(strong, '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(strong, vars['--main-color-tint']!), colour).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(strong, '#f5f6f8'), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('falls back to the default red for a malformed colour', () => {
    expect(mainColorVariables('not-a-colour')['--main-color']).toBe('#df554a');
    expect(mainColorVariables(null)['--main-color']).toBe('#df554a');
    expect(mainColorVariables('#0a7d5a')['--main-color']).toBe('#0a7d5a');
  });
});
