// Bottom tab bar of spec §2: 50 px high, 24 px icons, 10 px labels, grey text, orange when selected, white.
// The tabs come as data, so adding a tab is one entry where the app lists them.
import type { MouseEvent } from 'react';
import { useI18nContext } from '../../i18n/i18n-context';
import { ShellIcon, type ShellIconName } from './shell-icons';
import { useNavigation } from './navigation';
import { emitTabTap } from './tab-tap';
import styles from './tab-bar.module.css';

export interface TabItem {
  key: string;
  path: string;
  icon: ShellIconName;
  label: string;
}

export interface TabBarProps {
  tabs: readonly TabItem[];
  current: string | null;
}

export function TabBar({ tabs, current }: TabBarProps) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  const onClick = (tab: TabItem) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (tab.key === current) {
      event.preventDefault();
      emitTabTap(tab.key);
    }
  };
  return (
    <nav className={styles.bar} aria-label={LL.tabs.label()}>
      <ul className={styles.list}>
        {tabs.map((tab) => {
          const selected = tab.key === current;
          return (
            <li key={tab.key} className={styles.item}>
              <a
                className={selected ? `${styles.link} ${styles.selected}` : styles.link}
                href={navigation.href(tab.path)}
                aria-current={selected ? 'page' : undefined}
                onClick={onClick(tab)}
                data-tab={tab.key}
              >
                <ShellIcon name={tab.icon} size={1.5} />
                <span className={styles.label}>{tab.label}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
