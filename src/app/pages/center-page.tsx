// Tab 3 (/pages/user/center): the session's user and the language switch.
import { useSelector } from '@xstate/react';
import { selectIsBusy, selectUser } from '../../machines/session.selectors';
import { CenterView } from '../../views/user/center-view';
import { useAppState } from '../app-state';
import { WithMessages } from '../with-messages';

export default function CenterPage() {
  const { session, changeLocale } = useAppState();
  const user = useSelector(session, selectUser);
  const busy = useSelector(session, selectIsBusy);
  return (
    <WithMessages namespace="info">
      <CenterView
        user={user}
        busy={busy}
        onLanguage={changeLocale}
        onLogout={() => session.send({ type: 'session.signedOut' })}
      />
    </WithMessages>
  );
}
