// What a shared-product or auto-add link does with the product it names (decision U50).
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/domain/catalog';
import { ProductState } from '../../../src/domain/enums';
import { hasChoices } from '../../../src/domain/product-choices';
import { findLoaded, isListed, linkAction, linkOf } from '../../../src/machines/catalog/product-link.rules';
import { makeProduct } from '../../model/fixtures/product';

const MENU = [1, 2];
const spec = { id: 1, values: ['L'], name: 'L', price: 900, memberPrice: null, stock: null, state: 0 };
const taste = { id: 1, name: 'Ice', optionType: 4, required: true, maxChoose: 1, options: [] };
const meal = { id: 1, name: 'Side', chooseCount: 1, items: [] };

describe('a link in the menu query', () => {
  it('names nothing without a product parameter', () => {
    expect(linkOf({})).toBeNull();
  });

  it('shows a shared product and adds an auto-add one; auto-add wins when both are given', () => {
    expect(linkOf({ productId: 7 })).toEqual({ productId: 7, intent: 'show' });
    expect(linkOf({ autoAdd: 8 })).toEqual({ productId: 8, intent: 'add' });
    expect(linkOf({ productId: 7, autoAdd: 8 })).toEqual({ productId: 8, intent: 'add' });
  });
});

describe('what the menu does with the linked product', () => {
  const plain = makeProduct({ id: 5, typeId: 2 });

  it('opens the page of a shared product without choices, as a tap on its card does', () => {
    expect(linkAction(plain, 'show', MENU)).toBe('page');
  });

  it('adds one unit of an auto-add product without choices', () => {
    expect(linkAction(plain, 'add', MENU)).toBe('add');
  });

  it('opens the choice sheet of a product with specs, tastes or a meal set, whatever the link asks', () => {
    for (const product of [
      makeProduct({ specs: [spec] }),
      makeProduct({ tastes: [taste] }),
      makeProduct({ mealGroups: [meal] }),
    ]) {
      expect(hasChoices(product)).toBe(true);
      expect(linkAction(product, 'show', MENU)).toBe('choose');
      expect(linkAction(product, 'add', MENU)).toBe('choose');
    }
    expect(hasChoices(plain)).toBe(false);
  });

  it('leaves a sold-out or out-of-hours product to the cart, which refuses and says why', () => {
    for (const state of [ProductState.soldOut, ProductState.outOfSaleTime]) {
      expect(linkAction({ ...plain, state }, 'add', MENU)).toBe('add');
      expect(linkAction({ ...plain, state }, 'show', MENU)).toBe('page');
    }
  });

  it('ignores a product the shop does not list: none, offline, deleted, or in a category not shown', () => {
    expect(linkAction(null, 'show', MENU)).toBe('ignore');
    expect(linkAction({ ...plain, state: ProductState.offline }, 'add', MENU)).toBe('ignore');
    expect(linkAction({ ...plain, state: ProductState.deleted }, 'show', MENU)).toBe('ignore');
    expect(linkAction({ ...plain, typeId: 9 }, 'show', MENU)).toBe('ignore');
    expect(isListed(ProductState.normal)).toBe(true);
    expect(isListed(ProductState.offline)).toBe(false);
  });
});

describe('the linked product among the loaded pages', () => {
  const pages: Record<number, { products: Product[] }> = {
    1: { products: [makeProduct({ id: 1 }), makeProduct({ id: 2 })] },
    2: { products: [makeProduct({ id: 3, typeId: 2 })] },
  };

  it('is found in any category, or not at all before its page has loaded', () => {
    expect(findLoaded(pages, 3)?.typeId).toBe(2);
    expect(findLoaded(pages, 4)).toBeNull();
  });
});
