// The icons the shell and the entry page draw (tab bar, page head, error view), apart from the rest of the
// set (./icons) so the first route carries only their paths. Inline SVG (24 px grid, currentColor): they
// follow text colour and need no network request.
import type { SVGProps } from 'react';

export type ShellIconName = 'home' | 'menu' | 'calendar' | 'orders' | 'user' | 'back' | 'alert' | 'refresh';

export const SHELL_ICON_PATHS: Record<ShellIconName, string> = {
  home: 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  menu: 'M4 5h16M4 12h16M4 19h10',
  calendar: 'M5 5h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM4 10h16M8 3v4M16 3v4',
  orders: 'M7 3h10a2 2 0 0 1 2 2v16l-3-2-2 2-2-2-2 2-2-2-3 2V5a2 2 0 0 1 2-2zM9 8h6M9 12h6',
  user: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zM3.5 21a8.5 8.5 0 0 1 17 0',
  back: 'M15 4 7 12l8 8',
  alert: 'M12 3 2 20h20zM12 10v4M12 17h.01',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
};

export interface SvgIconProps extends SVGProps<SVGSVGElement> {
  /** The path data, on the 24 px grid. */
  d: string;
  /** rem; default 1.5 (24 px on a 375 px phone). */
  size?: number;
  /** Accessible name; without it the icon is decorative. */
  label?: string;
}

export function SvgIcon({ d, size = 1.5, label, ...rest }: SvgIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={`${size}rem`}
      height={`${size}rem`}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}

export interface ShellIconProps extends Omit<SvgIconProps, 'd' | 'name'> {
  name: ShellIconName;
}

export function ShellIcon({ name, ...rest }: ShellIconProps) {
  return <SvgIcon d={SHELL_ICON_PATHS[name]} {...rest} />;
}
