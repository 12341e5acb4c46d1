import { describe, expect, it } from 'vitest';
import { readRedBagLink } from '../../../src/app/red-bag-link';

describe('a red bag link as the page reads it', () => {
  it('reads the activity, the bag, the forwarding key and the shop', () => {
    expect(readRedBagLink({ id: '9', from: '70', key: 'abcdefghijklmnop_-12', shop: '2' })).toEqual({
      id: 9,
      from: 70,
      key: 'abcdefghijklmnop_-12',
      shop: 2,
    });
  });

  it('drops what is malformed rather than failing the page', () => {
    expect(readRedBagLink({ id: 'x', from: '-3', key: 'short', shop: '0' })).toEqual({});
    expect(readRedBagLink({ id: '99999999999' })).toEqual({});
    expect(readRedBagLink({ id: ' 9 ' })).toEqual({ id: 9 });
  });

  it('takes the numbers the app navigates with (entry routing rule 1)', () => {
    expect(readRedBagLink({ id: 5, from: 70.5 })).toEqual({ id: 5 });
  });
});
