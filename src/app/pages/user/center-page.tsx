// Tab 3 (/pages/user/center): the session's user and the language switch.
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { selectIsBusy, selectUser } from '../../../machines/entry/session.selectors';
import { CenterView } from '../../../views/user/center-view';
import { useAppState } from '../../app-state';
import { WithMessages } from '../../with-messages';

// The coupons row brings its own messages and call, after the centre shows.
const CouponEntry = lazy(() => import('../coupon/coupon-entry'));
// The member card row and the member prompts, likewise.
const MemberEntry = lazy(() => import('../member/member-entry'));

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
        coupons={
          <>
            <Suspense fallback={null}>
              <MemberEntry />
            </Suspense>
            <Suspense fallback={null}>
              <CouponEntry />
            </Suspense>
          </>
        }
      />
    </WithMessages>
  );
}
