// The async-load error view (spec §2: a click reloads), apart from the empty states (./state-views) because
// the shell shows it: it draws only the shell's icons.
import { errorText } from '../../i18n/error-text';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from './button';
import { ShellIcon } from './shell-icons';
import styles from './state-views.module.css';

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
        <ShellIcon name="alert" size={2.5} />
      </span>
      <p className={styles.title}>{message ? errorText(LL, message) : LL.app.asyncError()}</p>
      <div className={styles.action}>
        <Button variant="secondary" onClick={onRetry ?? (() => window.location.reload())}>
          <ShellIcon name="refresh" size={1.125} />
          {actionLabel ?? (onRetry ? LL.app.retry() : LL.app.asyncErrorAction())}
        </Button>
      </div>
    </div>
  );
}
