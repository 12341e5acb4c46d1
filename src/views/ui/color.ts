// The shop's main colour drives buttons and accents; text on it and text in it must stay readable
// (WCAG AA 4.5:1), so a darker shade of the same hue is derived for those uses.

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function parseHex(hex: string): [number, number, number] | null {
  const match = HEX.exec(hex.trim());
  if (!match?.[1]) return null;
  const body = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(body.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: readonly number[]) =>
  `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

function channel(v: number): number {
  const s = v / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function luminance(rgb: readonly [number, number, number]): number {
  return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
}

export function contrastRatio(a: string, b: string): number {
  const ra = parseHex(a);
  const rb = parseHex(b);
  if (!ra || !rb) return 1;
  const [hi, lo] = [luminance(ra), luminance(rb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour itself when white text on it reads at `ratio`, else the lightest darker shade that does. */
export function readableShade(hex: string, ratio = 4.5): string {
  const rgb = parseHex(hex);
  if (!rgb) return readableShade('#df554a', ratio);
  for (let factor = 1; factor > 0; factor -= 0.02) {
    const shade = toHex(rgb.map((v) => v * factor));
    if (contrastRatio(shade, '#ffffff') >= ratio) return shade;
  }
  return '#000000';
}

/** A pale tint of the colour for backgrounds behind dark text. */
export function tint(hex: string, amount = 0.9): string {
  const rgb = parseHex(hex) ?? [223, 85, 74];
  return toHex(rgb.map((v) => v + (255 - v) * amount));
}

/**
 * Contrast the strong shade keeps against white: above the 4.5 minimum so that the same shade also reads
 * as text on the pale tint (selected options, badges), which is a little darker than white.
 */
export const STRONG_SHADE_RATIO = 5.5;

/** CSS custom properties for a shop's main colour. */
export function mainColorVariables(hex: string | null | undefined): Record<string, string> {
  const base = hex && parseHex(hex) ? (hex.startsWith('#') ? hex : `#${hex}`) : '#df554a';
  return {
    '--main-color': base,
    '--main-color-strong': readableShade(base, STRONG_SHADE_RATIO),
    '--main-color-tint': tint(base),
    // Placeholders take a faint wash of the shop's colour, so the first paint is already the shop's.
    '--skeleton-color': tint(base, 0.86),
  };
}

/**
 * Paints the whole document in a shop's colour: the CSS variables on the root element and the browser's
 * theme colour. A missing or malformed colour leaves the page as it is (neutral placeholders).
 */
export function paintShopColor(hex: string | null | undefined): void {
  if (!hex || !parseHex(hex) || typeof document === 'undefined') return;
  const variables = mainColorVariables(hex);
  for (const [name, value] of Object.entries(variables))
    document.documentElement.style.setProperty(name, value);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', variables['--main-color']!);
}
