// The notice of a phone without a connection: what is on screen was kept from the last visit, and ordering
// and paying wait for the network (decision K26). Announced politely; it never takes focus.
import { useI18nContext } from '../../i18n/i18n-context';
import { Icon } from './icons';

export function OfflineNotice() {
  const { LL } = useI18nContext();
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice">
      <Icon name="alert" size={1} />
      <span>{LL.app.offline()}</span>
    </div>
  );
}
