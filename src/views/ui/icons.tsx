// Inline SVG icons (24 px grid, currentColor) so they follow text colour and need no network request. The
// shell's own (./shell-icons) are part of the set; the others load with the pages that draw them.
import { SHELL_ICON_PATHS, SvgIcon, type ShellIconName, type SvgIconProps } from './shell-icons';

export type IconName =
  | ShellIconName
  | 'search'
  | 'close'
  | 'phone'
  | 'location'
  | 'clock'
  | 'plus'
  | 'minus'
  | 'chevron'
  | 'bell'
  | 'store'
  | 'globe'
  | 'users'
  | 'empty';

const PATHS: Record<IconName, string> = {
  ...SHELL_ICON_PATHS,
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4',
  close: 'M6 6l12 12M18 6 6 18',
  phone: 'M5 3h3l2 5-2.5 1.5a11 11 0 0 0 5 5L14 12l5 2v3a2 2 0 0 1-2 2A15 15 0 0 1 3 5a2 2 0 0 1 2-2z',
  location:
    'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
  chevron: 'M9 5l7 7-7 7',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
  store: 'M4 9l1.5-5h13L20 9M4 9h16v2a3 3 0 0 1-6 0 3 3 0 0 1-4 0 3 3 0 0 1-6 0zM5 13v8h14v-8M10 21v-5h4v5',
  empty: 'M3 7l9-4 9 4v10l-9 4-9-4zM3 7l9 4 9-4M12 11v10',
  users:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M18 14.5a7 7 0 0 1 4 6.5',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.6 3.5 5.6 3.5 9s-1 6.4-3.5 9c-2.5-2.6-3.5-5.6-3.5-9s1-6.4 3.5-9z',
};

export interface IconProps extends Omit<SvgIconProps, 'd' | 'name'> {
  name: IconName;
}

export function Icon({ name, ...rest }: IconProps) {
  return <SvgIcon d={PATHS[name]} {...rest} />;
}
