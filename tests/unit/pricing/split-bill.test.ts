// Splitting an open table's bill: examples, then invariants over random bills and weights checked against
// exact rational shares computed with bigints.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitByGuests, splitByItems, splitByWeights, splitEqually } from '../../../src/pricing/split-bill';

const RUNS = { numRuns: 1000 };

const sum = (parts: readonly number[]) => parts.reduce((a, b) => a + b, 0);

// Small values hit ties and zero weights often; values up to 10^9 push total·weight past 2^53.
const amount = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 1_000_000_000 }));
const weight = fc.oneof(
  fc.integer({ min: 0, max: 5 }),
  fc.integer({ min: 0, max: 10_000 }),
  fc.integer({ min: 0, max: 1_000_000_000 }),
);
const weights = fc.array(weight, { minLength: 1, maxLength: 12 });

/** floor(total·w/Σw) and its remainder, exactly; Σw = 0 stands for equal weights. */
function exactShares(total: number, ws: readonly number[]) {
  const equal = ws.every((w) => w === 0);
  const effective = equal ? ws.map(() => 1) : ws;
  const weightSum = BigInt(sum(effective));
  return effective.map((w) => {
    const product = BigInt(total) * BigInt(w);
    return { floor: Number(product / weightSum), remainder: product % weightSum, weightSum };
  });
}

/** part − total·w/Σw is strictly between −1 and 1, tested without any division. */
function withinOneUnit(part: number, total: number, w: number, weightSum: number): boolean {
  const gap = BigInt(part) * BigInt(weightSum) - BigInt(total) * BigInt(w);
  const bound = BigInt(weightSum);
  return gap > -bound && gap < bound;
}

describe('splitByWeights examples', () => {
  it('splits 100 three ways as 34, 33, 33', () => {
    expect(splitByWeights(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitEqually(100, 3)).toEqual([34, 33, 33]);
  });

  it('gives the extra units to the largest remainders, ties to the lower index', () => {
    // exact shares 33.33…, 66.66…: the second remainder is larger
    expect(splitByWeights(100, [1, 2])).toEqual([33, 67]);
    // exact shares 0.5 and 1.5: equal remainders, the first index wins
    expect(splitByWeights(2, [1, 3])).toEqual([1, 1]);
    expect(splitByWeights(2, [3, 1])).toEqual([2, 0]);
  });

  it('splits a 0 total into zeros and gives one weight everything', () => {
    expect(splitByWeights(0, [3, 5, 0])).toEqual([0, 0, 0]);
    expect(splitByWeights(1234, [7])).toEqual([1234]);
    expect(splitByWeights(0, [])).toEqual([]);
  });

  it('gives nothing to a weight of 0 and splits equally when every weight is 0', () => {
    expect(splitByWeights(101, [0, 1, 1])).toEqual([0, 51, 50]);
    expect(splitByWeights(10, [0, 0, 0])).toEqual([4, 3, 3]);
  });

  it('stays exact where total·weight passes 2^53', () => {
    const parts = splitByWeights(999_999_999, [999_999_999, 1, 999_999_998]);
    expect(sum(parts)).toBe(999_999_999);
    // 999_999_999² / 1_999_999_998 = 499_999_999.5, 999_999_999 / 1_999_999_998 ≈ 0.5, the rest ≈ 499_999_999
    expect(parts).toEqual([500_000_000, 0, 499_999_999]);
  });
});

describe('splitByGuests and splitByItems examples', () => {
  it('shares a fee in proportion to what each guest ordered', () => {
    // 30.00 of food (10 + 20) and 3.00 of table fee: 11.00 and 22.00
    const parts = splitByGuests(
      3300,
      new Map([
        ['ana', 1000],
        ['ben', 2000],
      ]),
    );
    expect([...parts]).toEqual([
      ['ana', 1100],
      ['ben', 2200],
    ]);
  });

  it('charges a guest who ordered nothing 0, unless nobody ordered', () => {
    const one = new Map([
      ['ana', 0],
      ['ben', 500],
    ]);
    expect(splitByGuests(700, one).get('ana')).toBe(0);
    expect([
      ...splitByGuests(
        700,
        new Map([
          ['ana', 0],
          ['ben', 0],
        ]),
      ).values(),
    ]).toEqual([350, 350]);
    expect([...splitByGuests(700, new Map([['solo', 123]]))]).toEqual([['solo', 700]]);
  });

  it('leaves the lines nobody chose as the rest', () => {
    // lines 10, 20, 30 with a bill of 66 (fees 6): payer 0 takes line 2, payer 1 line 0; line 1 is left
    expect(splitByItems(66, [10, 20, 30], [[2], [0]])).toEqual({ parts: [33, 11], rest: 22 });
    expect(splitByItems(66, [10, 20, 30], [])).toEqual({ parts: [], rest: 66 });
    expect(splitByItems(66, [10, 20, 30], [[0, 1, 2]])).toEqual({ parts: [66], rest: 0 });
    expect(splitByItems(9, [], [])).toEqual({ parts: [], rest: 9 });
  });

  it('splits fees on free lines equally, without a rest share once every line is picked', () => {
    expect(splitByItems(9, [0, 0], [[0], [1]])).toEqual({ parts: [5, 4], rest: 0 });
    expect(splitByItems(9, [0, 0], [[0]])).toEqual({ parts: [5], rest: 4 });
  });
});

describe('bad inputs', () => {
  it('throws a RangeError on negative, fractional or non-finite amounts and weights', () => {
    for (const bad of [-1, 1.5, NaN, Infinity, -Infinity, 2 ** 53]) {
      expect(() => splitByWeights(bad, [1])).toThrow(RangeError);
      expect(() => splitByWeights(10, [1, bad])).toThrow(RangeError);
      expect(() => splitEqually(bad, 2)).toThrow(RangeError);
      expect(() => splitByGuests(10, new Map([['a', bad]]))).toThrow(RangeError);
      expect(() => splitByItems(10, [bad], [[0]])).toThrow(RangeError);
    }
    expect(() => splitEqually(10, 0)).toThrow(RangeError);
    expect(() => splitEqually(10, 1.5)).toThrow(RangeError);
    expect(() => splitByWeights(10, [])).toThrow(RangeError);
  });

  it('throws a RangeError when a line is chosen twice or does not exist', () => {
    expect(() => splitByItems(10, [5, 5], [[0], [0]])).toThrow(RangeError);
    expect(() => splitByItems(10, [5, 5], [[1, 1]])).toThrow(RangeError);
    expect(() => splitByItems(10, [5, 5], [[2]])).toThrow(RangeError);
    expect(() => splitByItems(10, [5, 5], [[-1]])).toThrow(RangeError);
    expect(() => splitByItems(10, [5, 5], [[0.5]])).toThrow(RangeError);
  });

  it('throws a RangeError for any negative or fractional input, never returns', () => {
    const bad = fc.oneof(
      fc.integer({ max: -1 }),
      fc.double({ noInteger: true }),
      fc.constantFrom(NaN, Infinity, -Infinity),
    );
    fc.assert(
      fc.property(bad, weights, fc.nat(11), (value, ws, at) => {
        expect(() => splitByWeights(value, ws)).toThrow(RangeError);
        const broken = [...ws];
        broken[at % broken.length] = value;
        expect(() => splitByWeights(100, broken)).toThrow(RangeError);
      }),
      RUNS,
    );
  });
});

describe('splitByWeights properties', () => {
  it('sums to the total, never negative, each part within one unit of its exact share', () => {
    fc.assert(
      fc.property(amount, weights, (total, ws) => {
        const parts = splitByWeights(total, ws);
        expect(parts).toHaveLength(ws.length);
        expect(sum(parts)).toBe(total);
        const equal = ws.every((w) => w === 0);
        const effective = equal ? ws.map(() => 1) : ws;
        parts.forEach((part, i) => {
          expect(Number.isSafeInteger(part) && part >= 0).toBe(true);
          expect(withinOneUnit(part, total, effective[i]!, sum(effective))).toBe(true);
        });
      }),
      RUNS,
    );
  });

  it('gives each part its floor, and the extra units to the largest remainders, ties to the lower index', () => {
    fc.assert(
      fc.property(amount, weights, (total, ws) => {
        const parts = splitByWeights(total, ws);
        const exact = exactShares(total, ws);
        const extra = parts.map((part, i) => part - exact[i]!.floor);
        for (const e of extra) expect(e === 0 || e === 1).toBe(true);
        for (let i = 0; i < ws.length; i++)
          for (let j = 0; j < ws.length; j++) {
            if (extra[i] !== 1 || extra[j] !== 0) continue;
            const ri = exact[i]!.remainder;
            const rj = exact[j]!.remainder;
            // an index given a unit ranks before every index left without one
            expect(ri > rj || (ri === rj && i < j)).toBe(true);
          }
        // a weight of 0 never receives a unit unless every weight is 0
        if (ws.some((w) => w > 0)) ws.forEach((w, i) => w === 0 && expect(parts[i]).toBe(0));
      }),
      RUNS,
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(amount, weights, (total, ws) => {
        expect(splitByWeights(total, ws)).toEqual(splitByWeights(total, [...ws]));
      }),
      RUNS,
    );
  });

  it('permuting the weights permutes the parts, except which of equal remainders get the extra units', () => {
    const case_ = weights.chain((ws) =>
      fc.tuple(amount, fc.constant(ws), fc.shuffledSubarray([...ws.keys()], { minLength: ws.length })),
    );
    fc.assert(
      fc.property(case_, ([total, ws, permutation]) => {
        const parts = splitByWeights(total, ws);
        // position k of the permuted list holds the weight at index permutation[k]
        const permutedParts = splitByWeights(
          total,
          permutation.map((i) => ws[i]!),
        );
        const exact = exactShares(total, ws);
        const extraByRemainder = new Map<bigint, number>();
        const permutedExtraByRemainder = new Map<bigint, number>();
        permutation.forEach((i, k) => {
          const { floor, remainder } = exact[i]!;
          extraByRemainder.set(remainder, (extraByRemainder.get(remainder) ?? 0) + parts[i]! - floor);
          permutedExtraByRemainder.set(
            remainder,
            (permutedExtraByRemainder.get(remainder) ?? 0) + permutedParts[k]! - floor,
          );
          // a remainder nobody else has is not a tie: the part moves with its weight
          if (isUnique(exact, remainder)) expect(permutedParts[k]).toBe(parts[i]);
        });
        // within a tie, the same number of extra units is handed out, only to other indexes
        expect(permutedExtraByRemainder).toEqual(extraByRemainder);
      }),
      RUNS,
    );
  });
});

function isUnique(exact: readonly { remainder: bigint }[], remainder: bigint): boolean {
  return exact.filter((e) => e.remainder === remainder).length === 1;
}

describe('splitEqually properties', () => {
  it('sums to the total, parts differ by at most one, larger parts first', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 1, max: 50 }), (total, count) => {
        const parts = splitEqually(total, count);
        expect(parts).toHaveLength(count);
        expect(sum(parts)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        for (let i = 1; i < count; i++) expect(parts[i]).toBeLessThanOrEqual(parts[i - 1]!);
        expect(parts).toEqual(splitByWeights(total, new Array<number>(count).fill(7)));
      }),
      RUNS,
    );
  });
});

describe('splitByGuests properties', () => {
  it('agrees with splitByWeights in the map order and charges guests who ordered nothing 0', () => {
    const guests = fc.uniqueArray(fc.tuple(fc.string({ maxLength: 4 }), weight), {
      minLength: 1,
      maxLength: 8,
      selector: ([guest]) => guest,
    });
    fc.assert(
      fc.property(amount, guests, (total, entries) => {
        const partByGuest = splitByGuests(total, new Map(entries));
        expect([...partByGuest.keys()]).toEqual(entries.map(([guest]) => guest));
        expect([...partByGuest.values()]).toEqual(
          splitByWeights(
            total,
            entries.map(([, w]) => w),
          ),
        );
        if (entries.some(([, w]) => w > 0))
          for (const [guest, w] of entries) if (w === 0) expect(partByGuest.get(guest)).toBe(0);
      }),
      RUNS,
    );
  });
});

describe('splitByItems properties', () => {
  // lines, then each line's payer: -1 for nobody, else an index below payerCount
  const itemCase = fc
    .tuple(fc.array(weight, { maxLength: 12 }), fc.integer({ min: 0, max: 5 }))
    .chain(([lines, payerCount]) =>
      fc.tuple(
        amount,
        fc.constant(lines),
        fc.constant(payerCount),
        fc.array(fc.integer({ min: -1, max: payerCount - 1 }), {
          minLength: lines.length,
          maxLength: lines.length,
        }),
      ),
    );

  it('sums to the total with the rest, none negative, no payer more than one unit over their lines’ share', () => {
    fc.assert(
      fc.property(itemCase, ([total, lines, payerCount, payerOfLine]) => {
        const chosen = Array.from({ length: payerCount }, (_, payer) =>
          lines.flatMap((_, line) => (payerOfLine[line] === payer ? [line] : [])),
        );
        const { parts, rest } = splitByItems(total, lines, chosen);
        expect(parts).toHaveLength(payerCount);
        expect(sum(parts) + rest).toBe(total);
        for (const p of [...parts, rest]) expect(p >= 0).toBe(true);

        const lineSum = sum(lines);
        const payerWeights = chosen.map((ls) => sum(ls.map((l) => lines[l]!)));
        const restWeight = lineSum - sum(payerWeights);
        if (lineSum > 0) {
          parts.forEach((part, payer) =>
            expect(withinOneUnit(part, total, payerWeights[payer]!, lineSum)).toBe(true),
          );
          expect(withinOneUnit(rest, total, restWeight, lineSum)).toBe(true);
          // a payer whose lines cost nothing pays nothing, nor does the rest of no lines
          payerWeights.forEach((w, payer) => w === 0 && expect(parts[payer]).toBe(0));
          if (restWeight === 0) expect(rest).toBe(0);
        }
        // every line picked: nothing is left for anyone else to pay
        if (payerCount > 0 && payerOfLine.every((p) => p >= 0)) expect(rest).toBe(0);
      }),
      RUNS,
    );
  });

  it('throws a RangeError whenever some line is chosen twice', () => {
    fc.assert(
      fc.property(
        fc.array(weight, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.nat(),
        (lines, at, payer) => {
          const line = at % lines.length;
          const chosen: number[][] = [[], [], []];
          chosen[payer % 3]!.push(line);
          chosen[(payer + 1) % 3]!.push(line);
          expect(() => splitByItems(100, lines, chosen)).toThrow(RangeError);
        },
      ),
      RUNS,
    );
  });
});
