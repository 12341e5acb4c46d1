// Card-holding members the benchmarks add to a demo shop: each with a balance no run empties, the demo pay
// password and an SMS code to log in with (the shop's quota grows by one per member).
import type { SeedMember, SeedShop } from '../server/seed/types';

/** The demo pay password every bench member has. */
export const BENCH_PAY_PASSWORD = '246810';

export interface BenchMembers {
  count: number;
  /** Ids idBase, idBase + 1, …: clear of the demo shops' id blocks. */
  idBase: number;
  /** The i-th member's phone, clear of the demo shops' phones. */
  phone: (i: number) => string;
  /** Name and card number prefix, e.g. "Peak customer" / "PEAK". */
  name: string;
  cardPrefix: string;
  amount: number;
}

export function withBenchMembers(shop: SeedShop, bench: BenchMembers): SeedShop {
  const members: SeedMember[] = Array.from({ length: bench.count }, (_, i) => ({
    id: bench.idBase + i,
    phone: bench.phone(i),
    name: `${bench.name} ${i + 1}`,
    levelId: shop.memberLevels[0]!.id,
    cardNo: `${bench.cardPrefix}${bench.idBase + i}`,
    amount: bench.amount,
    giftAmount: 0,
    points: 0,
    payPassword: BENCH_PAY_PASSWORD,
  }));
  return { ...shop, smsQuota: shop.smsQuota + bench.count, members: [...shop.members, ...members] };
}
