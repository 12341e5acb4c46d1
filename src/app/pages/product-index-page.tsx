// /product/index: the menu with its own nav bar (back, search) and the cart bar (cart mode).
import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useCart } from '../cart-state';
import { RequireShop } from '../require-shop';
import { ProductMenu } from './product-menu';

const route = getRouteApi('/product/index');

export default function ProductIndexPage() {
  const { typeId, table, tableNo } = route.useSearch();
  const { setTable } = useCart();
  // A table QR code (entry `table` / `table_no`) names the table the dine-in order is for.
  useEffect(() => {
    const named = table ?? tableNo;
    if (named) setTable(named);
  }, [table, tableNo, setTable]);
  return (
    <RequireShop>{(shop) => <ProductMenu shop={shop} asTab={false} initialTypeId={typeId} />}</RequireShop>
  );
}
