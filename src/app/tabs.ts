// The tab bar's tabs (spec §2 "Tab pages").
import type { ShellIconName } from '../views/ui/shell-icons';
import type { TranslationFunctions } from '../i18n/i18n-types';
import type { BuiltPath } from './route-targets';

export interface TabDefinition {
  key: 'home' | 'selection' | 'orders' | 'my';
  path: BuiltPath;
  icon: ShellIconName;
  label: (LL: TranslationFunctions) => string;
}

export const TABS: readonly TabDefinition[] = [
  { key: 'home', path: '/pages/user/index-tab', icon: 'home', label: (LL) => LL.tabs.home() },
  { key: 'selection', path: '/pages/user/index-tab-1', icon: 'menu', label: (LL) => LL.tabs.selection() },
  { key: 'orders', path: '/pages/user/order/list', icon: 'orders', label: (LL) => LL.tabs.orders() },
  { key: 'my', path: '/pages/user/center', icon: 'user', label: (LL) => LL.tabs.my() },
];

export const tabOfPath = (path: string): TabDefinition | undefined => TABS.find((tab) => tab.path === path);
