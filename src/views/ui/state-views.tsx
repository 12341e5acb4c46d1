// Empty states and error views users can act on (spec §2 generic async-load error view: a click reloads).
import type { ReactNode } from 'react';
import { errorText } from '../../i18n/error-text';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from './button';
import { Icon, type IconName } from './icons';
import styles from './state-views.module.css';

export interface EmptyStateProps {
  title: string;
  description?: string;
  icon?: IconName;
  action?: ReactNode;
}

export function EmptyState({ title, description, icon = 'empty', action }: EmptyStateProps) {
  return (
    <div className={styles.state}>
      <span className={styles.icon}>
        <Icon name={icon} size={2.5} />
      </span>
      <p className={styles.title}>{title}</p>
      {description && <p className={styles.description}>{description}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}

export interface ErrorViewProps {
  message?: string;
  /** Default: reload the whole page. */
  onRetry?: () => void;
  actionLabel?: string;
}

/** The async-load error view: a message and one button that loads again. */
export function ErrorView({ message, onRetry, actionLabel }: ErrorViewProps) {
  const { LL } = useI18nContext();
  return (
    <div className={styles.state} role="alert">
      <span className={`${styles.icon} ${styles.error}`}>
        <Icon name="alert" size={2.5} />
      </span>
      <p className={styles.title}>{message ? errorText(LL, message) : LL.app.asyncError()}</p>
      <div className={styles.action}>
        <Button variant="secondary" onClick={onRetry ?? (() => window.location.reload())}>
          <Icon name="refresh" size={1.125} />
          {actionLabel ?? (onRetry ? LL.app.retry() : LL.app.asyncErrorAction())}
        </Button>
      </div>
    </div>
  );
}
