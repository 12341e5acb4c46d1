// @vitest-environment happy-dom
// The menu's first screenful (decision K22): the top category's first pictures load at once, the very first
// ahead of everything, the rest lazily; a loading category reserves a row per product still to come. The
// first render draws a screenful of cards and the rest follow when the page is idle (decision K53).
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../src/domain/catalog';
import {
  ProductIndexView,
  type MenuSection,
  type MenuType,
  type ProductIndexViewProps,
} from '../../../src/views/product/product-index-view';
import { render, type Rendered } from './render';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.useRealTimers();
});

const product = (id: number, typeId: number): Product => ({
  id,
  typeId,
  name: `Dish ${id}`,
  description: '',
  image: `/assets/demo/dish-${id}.webp`,
  unit: 'plate',
  price: 1800,
  originalPrice: null,
  memberPrice: null,
  state: 0,
  stock: null,
  saleTimes: [],
  minBuy: 1,
  maxBuy: null,
  joinDiscount: true,
  notDishware: false,
  weight: null,
  serviceTime: null,
  sales: 0,
  specDimensions: [],
  specs: [],
  tastes: [],
  mealGroups: [],
  taxIds: [],
});

const types: MenuType[] = [
  { id: 1, name: 'Combos', isMustPick: false, productCount: 6 },
  { id: 2, name: 'Burgers', isMustPick: false, productCount: 3 },
  { id: 3, name: 'Drinks', isMustPick: false, productCount: 40 },
];
const sections: Record<number, MenuSection> = {
  1: { products: [1, 2, 3, 4, 5, 6].map((id) => product(id, 1)), status: 'ready', hasMore: false },
  2: { products: [], status: 'loading', hasMore: false },
  3: { products: [], status: 'idle', hasMore: false },
};

const props: ProductIndexViewProps = {
  title: 'Bun & Flame',
  header: { name: 'Bun & Flame', openState: 'open', hours: '10:00–22:00', notice: null },
  searchPlaceholder: 'Search dishes and drinks',
  asTab: true,
  orderTypes: ['takeaway'],
  orderType: 'takeaway',
  onOrderType: () => undefined,
  types,
  loading: false,
  failed: false,
  onRetry: () => undefined,
  useSection: (typeId) => sections[typeId]!,
  onShowType: () => undefined,
  onLoadMore: () => undefined,
  onRetryType: () => undefined,
  showMemberPrice: false,
  menuUpdated: false,
  onReload: () => undefined,
};

const section = (typeId: number) => view!.container.querySelector(`section[data-type-id="${typeId}"]`)!;

describe("the menu's first screenful", () => {
  it('loads the top category’s first pictures at once, the first with high priority, the rest lazily', () => {
    view = render(<ProductIndexView {...props} />);
    const images = [...section(1).querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual([
      'high',
      null,
      null,
      null,
      null,
      null,
    ]);
    // Every picture's box is reserved before it arrives.
    for (const img of images)
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['88', '88']);
  });

  it('reserves a row per product a loading category will bring, at most six', () => {
    view = render(<ProductIndexView {...props} />);
    const rows = (typeId: number) => section(typeId).querySelectorAll('[aria-busy="true"] > div').length;
    expect(rows(2)).toBe(3);
    expect(rows(3)).toBe(6);
  });
});

describe('a menu whose first data brings many categories', () => {
  const many: MenuType[] = [
    { id: 1, name: 'Combos', isMustPick: false, productCount: 2 },
    { id: 2, name: 'Burgers', isMustPick: false, productCount: 5 },
    { id: 3, name: 'Drinks', isMustPick: false, productCount: 9 },
  ];
  const loaded: Record<number, MenuSection> = {
    1: { products: [1, 2].map((id) => product(id, 1)), status: 'ready', hasMore: false },
    2: { products: [3, 4, 5, 6, 7].map((id) => product(id, 2)), status: 'ready', hasMore: false },
    3: {
      products: [8, 9, 10, 11, 12, 13, 14, 15, 16].map((id) => product(id, 3)),
      status: 'ready',
      hasMore: false,
    },
  };
  const menu = { ...props, types: many, useSection: (typeId: number) => loaded[typeId]! };
  const cards = (typeId: number) => section(typeId).querySelectorAll('article[data-product-id]').length;
  const space = (typeId: number) => section(typeId).querySelector<HTMLElement>('[aria-hidden="true"][style]');

  it('draws a screenful of cards first, keeping the place of the others, and the rest when idle', async () => {
    vi.useFakeTimers();
    view = render(<ProductIndexView {...menu} />);
    expect([cards(1), cards(2), cards(3)]).toEqual([2, 4, 0]);
    // One typical card's height for the burger not drawn yet, nine for the drinks.
    expect(space(2)?.style.height).toBe('9.25rem');
    expect(space(3)?.style.height).toBe('83.25rem');
    // Each idle render draws eight more.
    for (let step = 0; step < 3; step++) {
      await act(async () => {
        await vi.runAllTimersAsync();
      });
    }
    expect([cards(1), cards(2), cards(3)]).toEqual([2, 5, 9]);
    expect(space(3)).toBeNull();
  });

  it('draws everything at once for a link to a category', () => {
    view = render(<ProductIndexView {...menu} initialTypeId={3} />);
    expect([cards(1), cards(2), cards(3)]).toEqual([2, 5, 9]);
  });
});
