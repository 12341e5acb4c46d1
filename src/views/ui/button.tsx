// Buttons and button-looking links in the shop's colour (the readable shade, so white text passes AA).
import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost';
type Size = 'normal' | 'large' | 'small';

const classes = (variant: Variant, size: Size, block: boolean, extra?: string) =>
  [styles.button, styles[variant], styles[size], block ? styles.block : '', extra ?? '']
    .filter(Boolean)
    .join(' ');

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  block?: boolean;
  busy?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'normal',
  block = false,
  busy,
  className,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      className={classes(variant, size, block, className)}
      aria-busy={busy || undefined}
      {...rest}
    />
  );
}

export interface LinkButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: Variant;
  size?: Size;
  block?: boolean;
}

export function LinkButton({
  variant = 'primary',
  size = 'normal',
  block = false,
  className,
  ...rest
}: LinkButtonProps) {
  return <a className={classes(variant, size, block, className)} {...rest} />;
}
