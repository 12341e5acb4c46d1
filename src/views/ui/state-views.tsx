// Empty states and error views users can act on (spec §2 generic async-load error view: a click reloads).
import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';
import styles from './state-views.module.css';

export { ErrorView, type ErrorViewProps } from './error-view';

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
