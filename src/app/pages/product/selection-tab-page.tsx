// Tab 1 (/pages/user/index-tab-1): the menu as a tab page. Entry routing may name the order type
// (appointment for beauty shops), which is applied to the session here.
import { getRouteApi } from '@tanstack/react-router';
import { RequireShop } from '../../require-shop';
import { ProductMenu } from './product-menu';

const route = getRouteApi('/pages/user/index-tab-1');

export default function SelectionTabPage() {
  const { typeId } = route.useSearch();
  return <RequireShop>{(shop) => <ProductMenu shop={shop} asTab initialTypeId={typeId} />}</RequireShop>;
}
