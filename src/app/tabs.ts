// The tab bar's tabs (spec §2 "Tab pages").
import type { ShopInfo } from '../domain/shop';
import type { ShellIconName } from '../views/ui/shell-icons';
import type { TranslationFunctions } from '../i18n/i18n-types';
import { booksAppointments } from './appointment-shop';
import type { BuiltPath } from './route-targets';

type TabShop = Pick<ShopInfo, 'industry' | 'orderTypes'> | null;

export interface TabDefinition {
  key: 'home' | 'selection' | 'orders' | 'my';
  path: BuiltPath;
  icon: (shop: TabShop) => ShellIconName;
  label: (LL: TranslationFunctions, shop: TabShop) => string;
}

const same = (icon: ShellIconName) => () => icon;

export const TABS: readonly TabDefinition[] = [
  { key: 'home', path: '/pages/user/index-tab', icon: same('home'), label: (LL) => LL.tabs.home() },
  // A beauty shop books on tab 1 (spec §2 tab 1 "may show … appointment").
  {
    key: 'selection',
    path: '/pages/user/index-tab-1',
    icon: (shop) => (booksAppointments(shop) ? 'calendar' : 'menu'),
    label: (LL, shop) => (booksAppointments(shop) ? LL.tabs.appointment() : LL.tabs.selection()),
  },
  { key: 'orders', path: '/pages/user/order/list', icon: same('orders'), label: (LL) => LL.tabs.orders() },
  { key: 'my', path: '/pages/user/center', icon: same('user'), label: (LL) => LL.tabs.my() },
];

export const tabOfPath = (path: string): TabDefinition | undefined => TABS.find((tab) => tab.path === path);
