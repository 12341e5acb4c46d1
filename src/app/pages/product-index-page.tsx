// /product/index: the menu with its own nav bar (back, search).
import { getRouteApi } from '@tanstack/react-router';
import { RequireShop } from '../require-shop';
import { ProductMenu } from './product-menu';

const route = getRouteApi('/product/index');

export default function ProductIndexPage() {
  const { typeId } = route.useSearch();
  return (
    <RequireShop>{(shop) => <ProductMenu shop={shop} asTab={false} initialTypeId={typeId} />}</RequireShop>
  );
}
