// /pages/user/info: the profile, loaded by the user info resource; a change is saved with
// store/setUserInfo and the session's user refreshed, so the "my" page shows it at once.
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { UserInfo } from '../../../domain/api/user';
import { errorText } from '../../../i18n/error-text';
import { useI18nContext } from '../../../i18n/i18n-context';
import { resourceMachine } from '../../../machines/shared/resource.machine';
import {
  selectData,
  selectError,
  selectFailed,
  selectIsLoading,
  selectIsReady,
} from '../../../machines/shared/resource.selectors';
import { userApi } from '../../../services/api/user';
import { storage } from '../../../services/storage';
import { InfoView, type ProfileChanges } from '../../../views/user/info-view';
import { useToast } from '../../../views/ui/toast';
import { useAppState } from '../../app-state';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';
import { userInfoFlow } from '../../flows/user-info';

/** store/setUserInfo as a one-shot resource: params are the changes, data the updated user. */
const profileSave = resourceMachine.provide({
  actors: {
    load: fromPromise(({ input }) => userApi.setUserInfo(input as ProfileChanges, { toast: false })),
  },
});

export default function InfoPage() {
  return (
    <WithMessages namespace="info">
      <Info />
    </WithMessages>
  );
}

function Info() {
  const { LL } = useI18nContext();
  const toast = useToast();
  const { session } = useAppState();
  // The profile belongs to the session's customer; without a session there is nobody to show yet.
  const [hasSession] = useState(() => storage.getToken() !== null);
  const loader = useFlow(userInfoFlow, () => ({ input: hasSession ? { params: {} } : {} }));
  const saver = useFlow(profileSave, () => ({}));

  const loaded = useSelector(loader ?? undefined, (s) => (s ? selectData<UserInfo>(s) : null));
  const loading = useSelector(loader ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(loader ?? undefined, (s) => (s ? selectFailed(s) : false));
  const saved = useSelector(saver ?? undefined, (s) => (s ? selectData<UserInfo>(s) : null));
  const saving = useSelector(saver ?? undefined, (s) =>
    s ? selectIsLoading(s) && !s.matches('idle') : false,
  );
  const saveDone = useSelector(saver ?? undefined, (s) => (s ? selectIsReady(s) : false));
  const saveError = useSelector(saver ?? undefined, (s) =>
    s ? (selectFailed(s) ? selectError(s) : null) : null,
  );

  // Each completed save is announced once and refreshes the session's copy of the user.
  const announced = useRef<UserInfo | null>(null);
  useEffect(() => {
    if (!saveDone || !saved || announced.current === saved) return;
    announced.current = saved;
    toast.show(LL.info.saved());
    session.send({ type: 'session.signedIn' });
  }, [saveDone, saved, toast, LL, session]);

  const profile = (saved ?? loaded)?.customer ?? null;
  return (
    <InfoView
      profile={profile}
      loggedIn={hasSession}
      loading={hasSession && loading}
      failed={failed}
      saving={saving}
      error={saveError !== null ? errorText(LL, saveError) || LL.errors.server() : null}
      onRetry={() => loader?.send({ type: 'resource.retry' })}
      onSave={(changes) => saver?.send({ type: 'resource.load', params: changes })}
    />
  );
}
