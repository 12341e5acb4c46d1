// @vitest-environment happy-dom
// The menu's first screenful (decision K22): the top category's first pictures load at once, the very first
// ahead of everything, the rest lazily; a loading category reserves a row per product still to come.
import { afterEach, describe, expect, it } from 'vitest';
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
