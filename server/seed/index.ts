// The demo shops `npm start` fills a new database with: every industry and order mode, one two-branch chain
// sharing a membership, and one shop whose service has expired. Shop n takes its ids (products, categories,
// tastes, specs, meal groups, tables, members, levels) from the block n000-n999, so ids never collide.
import type { SeedChain, SeedShop } from './types';
export { seedActivities as activities } from './activities';
export { demoMemberRules as memberRules } from './member-rules';
export { demoLimitCards as limitCards } from './limit-cards';
export { demoPointStores as pointStores } from './point-store';
import { bunAndFlame } from './shops/bun-and-flame';
import { tiongBahruClaypot } from './shops/tiong-bahru-claypot';
import { linenAndLoom } from './shops/linen-and-loom';
import { freshLaneMarket } from './shops/fresh-lane-market';
import { lumiereStudio } from './shops/lumiere-studio';
import { jasmineHillChain } from './shops/jasmine-hill-chain';
import { jasmineHillXintiandi } from './shops/jasmine-hill-xintiandi';
import { jasmineHillLujiazui } from './shops/jasmine-hill-lujiazui';
import { petitFourParis } from './shops/petit-four-paris';
import { atelierOberkampfParis } from './shops/atelier-oberkampf-paris';

export const chains: SeedChain[] = [jasmineHillChain];

export const shops: SeedShop[] = [
  bunAndFlame,
  tiongBahruClaypot,
  linenAndLoom,
  freshLaneMarket,
  lumiereStudio,
  jasmineHillXintiandi,
  jasmineHillLujiazui,
  petitFourParis,
  atelierOberkampfParis,
];

/** URL path the API serves a seed image under. */
export const demoImageUrl = (file: string): string => `/assets/demo/${file}`;
