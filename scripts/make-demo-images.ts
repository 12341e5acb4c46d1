// Draws the demo shops' pictures (products, shop covers, banners, staff) into server/seed/images as small WebP
// files, so the repository ships its own images and the demo needs no network. Each picture is the item's
// emoji, drawn large with a soft shadow on a gradient in the shop's colours, rendered by Chromium's canvas.
//
//   node --import tsx scripts/make-demo-images.ts
//
// Every image the seed data names must have an entry in ART; files in the folder that no seed names are removed.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { shops } from '../server/seed/index';

const OUT = join(import.meta.dirname, '..', 'server', 'seed', 'images');

type Shape = 'square' | 'cover' | 'banner';
const SIZE: Record<Shape, { width: number; height: number }> = {
  square: { width: 240, height: 240 },
  cover: { width: 600, height: 300 },
  banner: { width: 750, height: 300 },
};

const ART: Record<string, string[]> = {
  // Bun & Flame Burgers
  'ff-classic-burger.webp': ['🍔'],
  'ff-double-cheese.webp': ['🍔', '🧀'],
  'ff-chicken-burger.webp': ['🍔', '🌶️'],
  'ff-veggie-burger.webp': ['🍄', '🥬'],
  'ff-truffle-burger.webp': ['🍔', '🍄'],
  'ff-classic-combo.webp': ['🍔', '🍟', '🥤'],
  'ff-sharing-box.webp': ['🍔', '🍟', '🥤', '🍔'],
  'ff-fries.webp': ['🍟'],
  'ff-nuggets.webp': ['🍗'],
  'ff-corn-cup.webp': ['🌽'],
  'ff-onion-rings.webp': ['🧅'],
  'ff-cola.webp': ['🥤'],
  'ff-lemon-tea.webp': ['🍋', '🥤'],
  'ff-orange-juice.webp': ['🍊', '🧃'],
  'ff-water.webp': ['💧'],
  'ff-milkshake.webp': ['🥤', '🍫'],
  'ff-americano.webp': ['☕'],
  'ff-egg-muffin.webp': ['🥪', '🍳'],
  'ff-hash-brown.webp': ['🥔'],
  'ff-breakfast-set.webp': ['🥪', '🥔', '☕'],
  'ff-no-cutlery.webp': ['🌱'],
  'ff-cutlery.webp': ['🍴', '🧻'],
  // Tiong Bahru Claypot House
  'sg-chilli-crab.webp': ['🦀', '🌶️'],
  'sg-salted-egg-prawns.webp': ['🍤', '🥚'],
  'sg-pork-chop.webp': ['🥩'],
  'sg-claypot-rice.webp': ['🍚', '🍗'],
  'sg-bak-kut-teh.webp': ['🍲', '🍖'],
  'sg-kangkong.webp': ['🥬', '🌶️'],
  'sg-beef-hor-fun.webp': ['🍜', '🥩'],
  'sg-fried-rice.webp': ['🍚', '🍤'],
  'sg-steamed-rice.webp': ['🍚'],
  'sg-chinese-tea.webp': ['🍵'],
  'sg-kopi.webp': ['☕'],
  'sg-lime-juice.webp': ['🍋', '🧊'],
  'sg-beer.webp': ['🍺'],
  'sg-chendol.webp': ['🍧'],
  'sg-orh-nee.webp': ['🍠'],
  // Linen & Loom
  'cl-linen-shirt.webp': ['👔'],
  'cl-cotton-tee.webp': ['👕'],
  'cl-trousers.webp': ['👖'],
  'cl-midi-skirt.webp': ['👗'],
  'cl-overcoat.webp': ['🧥'],
  'cl-vest.webp': ['🎽'],
  'cl-tote.webp': ['🛍️'],
  'cl-silk-scarf.webp': ['🧣'],
  'cl-beanie.webp': ['🧶'],
  // Fresh Lane Market
  'rt-soy-milk.webp': ['🫘', '🥛'],
  'rt-grapes.webp': ['🍇'],
  'rt-apples.webp': ['🍎'],
  'rt-bananas.webp': ['🍌'],
  'rt-strawberries.webp': ['🍓'],
  'rt-cherries.webp': ['🍒'],
  'rt-bok-choy.webp': ['🥬'],
  'rt-tomatoes.webp': ['🍅'],
  'rt-potatoes.webp': ['🥔'],
  'rt-eggs.webp': ['🥚'],
  'rt-milk.webp': ['🥛'],
  'rt-yogurt.webp': ['🥣'],
  'rt-rice.webp': ['🍚', '🌾'],
  'rt-peanut-oil.webp': ['🥜', '🫙'],
  'rt-noodles.webp': ['🍜'],
  'rt-coconut-water.webp': ['🥥'],
  'rt-seaweed.webp': ['🍙'],
  'rt-nuts.webp': ['🥜', '🌰'],
  // Lumière Hair & Beauty Studio
  'bt-blow-dry.webp': ['💇‍♀️'],
  'bt-womens-cut.webp': ['💇‍♀️', '✂️'],
  'bt-mens-cut.webp': ['💇‍♂️'],
  'bt-colour.webp': ['💇‍♀️', '🎨'],
  'bt-keratin.webp': ['💆‍♀️', '✨'],
  'bt-scalp-spa.webp': ['💆‍♀️'],
  'bt-manicure.webp': ['💅'],
  'bt-pedicure.webp': ['🦶', '💅'],
  'bt-facial.webp': ['🧖‍♀️'],
  'bt-lashes.webp': ['👁️', '✨'],
  'staff-coco.webp': ['👩🏻‍🎨'],
  'staff-leo.webp': ['🧔🏻'],
  'staff-mia.webp': ['👩🏻'],
  // Atelier Oberkampf (its services reuse the studio's pictures)
  'staff-camille.webp': ['👩🏼‍🦰'],
  'staff-ines.webp': ['👩🏽'],
  // Jasmine Hill Tea
  'chain-jasmine-hill.webp': ['🍃'],
  'tea-jasmine-milk.webp': ['🧋', '🌼'],
  'tea-brown-sugar-boba.webp': ['🧋'],
  'tea-osmanthus-oolong.webp': ['🫖', '🌼'],
  'tea-cheese-tieguanyin.webp': ['🍵', '🧀'],
  'tea-mango-jasmine.webp': ['🥭', '🧋'],
  'tea-lemon-black.webp': ['🍋', '🍵'],
  'tea-matcha-latte.webp': ['🍵', '🥛'],
  'tea-americano.webp': ['☕'],
  'tea-egg-tart.webp': ['🥧'],
  'tea-matcha-roll.webp': ['🍰'],
  'tea-afternoon-set.webp': ['🍵', '🥧'],
  // Le Petit Four
  'fr-croissant.webp': ['🥐'],
  'fr-pain-au-chocolat.webp': ['🥐', '🍫'],
  'fr-baguette.webp': ['🥖'],
  'fr-eclair.webp': ['🧁'],
  'fr-cafe-creme.webp': ['☕'],
  'fr-breakfast.webp': ['🥐', '☕'],
  // Shop covers (600 × 300)
  'shop-bun-and-flame.webp': ['🍔', '🔥', '🍟'],
  'shop-tiong-bahru-claypot.webp': ['🦀', '🍲', '🌶️'],
  'shop-linen-and-loom.webp': ['🧵', '👔', '🧥'],
  'shop-fresh-lane-market.webp': ['🥬', '🛒', '🍎'],
  'shop-lumiere-studio.webp': ['💅', '💇‍♀️', '✨'],
  'shop-jasmine-hill-xintiandi.webp': ['🏮', '🧋', '🍵'],
  'shop-jasmine-hill-lujiazui.webp': ['🏙️', '🧋', '☕'],
  'shop-petit-four-paris.webp': ['🥖', '🥐', '☕'],
  'shop-atelier-oberkampf.webp': ['✂️', '💅', '🗼'],
  // Home banners (750 × 300)
  'banner-bun-and-flame-combo.webp': ['🍔', '🍟', '🥤'],
  'banner-bun-and-flame-breakfast.webp': ['🍳', '🥪', '☕'],
  'banner-tiong-bahru-crab.webp': ['🌶️', '🦀', '🍞'],
  'banner-tiong-bahru-rooms.webp': ['🏮', '🍽️', '🕰️'],
  'banner-linen-and-loom-linen.webp': ['☀️', '👔', '🩳'],
  'banner-linen-and-loom-coat.webp': ['🍂', '🧥', '🧣'],
  'banner-fresh-lane-fruit.webp': ['🍇', '🍓', '🍎', '🍌'],
  'banner-fresh-lane-delivery.webp': ['🛍️', '🛵', '🏠'],
  'banner-lumiere-colour.webp': ['🎨', '💇‍♀️', '✨'],
  'banner-lumiere-facial.webp': ['💧', '🧖‍♀️', '🌿'],
  'banner-jasmine-hill-signature.webp': ['🌼', '🧋', '🍃'],
  'banner-jasmine-hill-afternoon.webp': ['🍵', '🥧', '🕒'],
  'banner-jasmine-hill-morning.webp': ['🌅', '☕', '🏙️'],
  'banner-petit-four.webp': ['🥐', '🥖', '🥐'],
};

const shapeOf = (file: string): Shape =>
  file.startsWith('banner-') ? 'banner' : file.startsWith('shop-') ? 'cover' : 'square';

/** Hue of a "#rrggbb" colour, in degrees. */
const hueOfColour = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return Math.round(h * 60 + 360) % 360;
};

/** A picture takes its shop's main colour, shifted a little per file so neighbouring tiles differ. */
const hueOf = (file: string, shopColour: string): number => {
  let hash = 0;
  for (const ch of file) hash = (hash * 31 + ch.charCodeAt(0)) % 997;
  return (hueOfColour(shopColour) + (hash % 40) - 20 + 360) % 360;
};

/** Every image file the seed data refers to, with the main colour of the (first) shop using it. */
const referencedImages = (): Map<string, string> => {
  const files = new Map<string, string>();
  for (const shop of shops) {
    const add = (file: string) => {
      if (!files.has(file)) files.set(file, shop.settings.mainColor);
    };
    add(shop.image);
    add(shop.memberSetting.logo);
    add(shop.memberSetting.cardLogo);
    for (const banner of shop.homeSetting.banners) add(banner.image);
    for (const product of shop.products) add(product.image);
    for (const person of shop.serviceUsers ?? []) add(person.headImage);
  }
  return files;
};

interface Job {
  emojis: string[];
  width: number;
  height: number;
  hue: number;
  quality: number;
}

/** Runs inside the page: draws one picture and returns it as a WebP data URL. */
function draw({ emojis, width, height, hue, quality }: Job): string {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  const bg = ctx.createLinearGradient(0, 0, width, height);
  bg.addColorStop(0, `hsl(${hue} 75% 93%)`);
  bg.addColorStop(1, `hsl(${(hue + 25) % 360} 65% 80%)`);
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, width, height);
  // A soft light behind the subject, like a studio backdrop.
  const glow = ctx.createRadialGradient(
    width / 2,
    height * 0.42,
    0,
    width / 2,
    height * 0.42,
    Math.max(width, height) * 0.6,
  );
  glow.addColorStop(0, 'rgba(255,255,255,0.75)');
  glow.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, width, height);

  const square = width === height;
  const n = emojis.length;
  const unit = square ? width : height;
  const size = square
    ? (n === 1 ? 0.6 : n === 2 ? 0.44 : n === 3 ? 0.38 : 0.34) * unit
    : Math.min(0.5 * unit, (width / (n + 1)) * 0.8);
  const spots: [number, number, number][] = [];
  if (square) {
    const c = width / 2;
    if (n === 1) spots.push([c, c * 1.02, 1]);
    else if (n === 2) spots.push([c * 0.7, c * 1.12, 1], [c * 1.32, c * 0.82, 0.82]);
    else if (n === 3) spots.push([c * 0.62, c * 0.72, 0.95], [c * 1.38, c * 0.78, 0.9], [c, c * 1.38, 1]);
    else
      spots.push(
        [c * 0.6, c * 0.62, 1],
        [c * 1.4, c * 0.62, 1],
        [c * 0.6, c * 1.4, 1],
        [c * 1.4, c * 1.4, 1],
      );
  } else {
    const step = width / (n + 1);
    emojis.forEach((_, i) =>
      spots.push([step * (i + 1), height * (i % 2 === 0 ? 0.52 : 0.46), i === Math.floor(n / 2) ? 1.25 : 1]),
    );
  }

  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  emojis.forEach((emoji, i) => {
    const [x, y, scale] = spots[i] ?? [width / 2, height / 2, 1];
    const px = Math.round(size * scale);
    // Contact shadow on the "table", then the subject with a soft drop shadow.
    ctx.save();
    ctx.fillStyle = `hsla(${hue} 40% 30% / 0.18)`;
    ctx.beginPath();
    ctx.ellipse(x, y + px * 0.46, px * 0.38, px * 0.08, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
    ctx.save();
    ctx.shadowColor = 'rgba(0,0,0,0.22)';
    ctx.shadowBlur = px * 0.12;
    ctx.shadowOffsetY = px * 0.05;
    ctx.font = `${px}px "Noto Color Emoji"`;
    ctx.fillText(emoji, x, y);
    ctx.restore();
  });
  return canvas.toDataURL('image/webp', quality);
}

const main = async (): Promise<void> => {
  const wanted = referencedImages();
  const missing = [...wanted.keys()].filter((file) => !ART[file]);
  if (missing.length > 0) throw new Error(`No picture described for: ${missing.join(', ')}`);

  await mkdir(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<html><body style="font-family: \'Noto Color Emoji\'">🍔</body></html>');
    await page.evaluate(() => document.fonts.load('64px "Noto Color Emoji"', '🍔'));
    let total = 0;
    for (const [file, colour] of [...wanted].sort(([a], [b]) => a.localeCompare(b))) {
      const { width, height } = SIZE[shapeOf(file)];
      const job: Job = { emojis: ART[file] ?? [], width, height, hue: hueOf(file, colour), quality: 0.8 };
      const dataUrl = await page.evaluate(draw, job);
      const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      if (!dataUrl.startsWith('data:image/webp')) throw new Error(`Chromium did not encode WebP for ${file}`);
      await writeFile(join(OUT, file), bytes);
      total += bytes.length;
    }
    for (const file of await readdir(OUT)) {
      if (file.endsWith('.webp') && !wanted.has(file)) await rm(join(OUT, file));
    }
    console.log(`${wanted.size} images, ${(total / 1024).toFixed(0)} KiB in ${OUT}`);
  } finally {
    await browser.close();
  }
};

await main();
