import { describe, expect, it } from 'vitest';
import { redBagRoute, shareLink } from '../../../src/app/share-link';

const here = { origin: 'https://shop.example.com', pathname: '/' };

describe('a shared link', () => {
  it('leads to the red bag page of this storefront, naming the shop', () => {
    expect(shareLink(here, redBagRoute(9, 70), 2)).toBe(
      'https://shop.example.com/#/product/expand-red-bag?id=9&from=70&shop=2',
    );
  });

  it('keeps the path the storefront is served under and the forwarding key the server made', () => {
    expect(
      shareLink(
        { origin: 'https://example.com', pathname: '/store/' },
        '/product/expand-red-bag?id=9&from=70&key=abcdefghijklmnop',
        2,
      ),
    ).toBe('https://example.com/store/#/product/expand-red-bag?id=9&from=70&key=abcdefghijklmnop&shop=2');
  });

  it('leaves a shop the route already names', () => {
    expect(shareLink(here, 'product/expand-red-bag?id=9&shop=5', 2)).toBe(
      'https://shop.example.com/#/product/expand-red-bag?id=9&shop=5',
    );
  });
});
