// The demo shops `npm start` fills a new database with: every industry and order mode, one two-branch chain
// sharing a membership, and one shop whose service has expired. Shop n takes its ids (products, categories,
// tastes, specs, meal groups, tables, members, levels) from the block n000-n999, so ids never collide.
import type { SeedData } from './seeder';
import type { SeedChain, SeedShop } from './types';
import { seedActivities } from './activities';
import { demoMemberRules } from './member-rules';
import { demoLimitCards } from './limit-cards';
import { demoPointStores } from './point-store';
export {
  seedActivities as activities,
  demoMemberRules as memberRules,
  demoLimitCards as limitCards,
  demoPointStores as pointStores,
};
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

/**
 * Everything a new database is seeded with. The server and every script that may open a new database first
 * (npm run table-codes) seed this same whole: the seeder runs once, so a part left out would be missing for good.
 */
export const demoSeedData = (): SeedData => ({
  chains,
  shops,
  activities: seedActivities,
  memberRules: demoMemberRules,
  pointStores: demoPointStores,
  limitCards: demoLimitCards,
});

/** URL path the API serves a seed image under. */
export const demoImageUrl = (file: string): string => `/assets/demo/${file}`;
