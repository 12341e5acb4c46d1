// /member/edit-paypassword (set a first one, or change it with the original) and
// /member/forgot-paypassword (an SMS code to the member's phone instead of the original): the payPassword
// flow for the session's member. A saved password refreshes the session's member (hasPayPassword).
import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { VipInfo } from '../../../domain/api/member';
import { useI18nContext } from '../../../i18n/i18n-context';
import type { PayPasswordMode } from '../../../machines/member/pay-password.machine';
import { selectData, selectError, selectFailed } from '../../../machines/shared/resource.selectors';
import { PayPasswordView } from '../../../views/member/pay-password-view';
import { LinkButton } from '../../../views/ui/button';
import { ErrorView } from '../../../views/ui/error-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { Skeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { EmptyState } from '../../../views/ui/state-views';
import { useAppState } from '../../app-state';
import { payPasswordFlow, vipInfoFlow } from '../../flows/member';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';

export default function PayPasswordPage() {
  return (
    <WithMessages namespace="member">
      <PayPassword />
    </WithMessages>
  );
}

function PayPassword() {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const forgot = useRouterState({ select: (s) => s.location.pathname === '/member/forgot-paypassword' });
  // The member as the server has it now: whether a password is set decides between set and change.
  const card = useFlow(vipInfoFlow, () => ({ input: { params: {} } }));
  const info = useSelector(card ?? undefined, (s) => (s ? selectData<VipInfo>(s) : null));
  const failed = useSelector(card ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(card ?? undefined, (s) => (s ? selectError(s) : null));
  const member = info?.member ?? null;
  const mode: PayPasswordMode | null = !member
    ? null
    : forgot
      ? 'forgot'
      : member.hasPayPassword
        ? 'change'
        : 'set';
  const title = forgot
    ? LL.member.password.titleForgot()
    : mode === 'change'
      ? LL.member.password.titleChange()
      : LL.member.password.titleSet();

  let body;
  if (failed)
    body = <ErrorView message={error ?? undefined} onRetry={() => card?.send({ type: 'resource.retry' })} />;
  else if (!info)
    body = (
      <SkeletonRegion label={LL.member.loading()}>
        <div style={{ margin: '0.75rem' }}>
          <Skeleton width="100%" height="12rem" />
        </div>
      </SkeletonRegion>
    );
  else if (!member || !mode)
    body = (
      <EmptyState
        icon="user"
        title={info.phone ? LL.member.join.title() : LL.member.password.noPhone()}
        action={<LinkButton href={navigation.href('/member/index')}>{LL.member.card.title()}</LinkButton>}
      />
    );
  else body = <Flow key={mode} mode={mode} phone={member.phone || info.phone || ''} />;
  return <Page head={<PageHead title={title} />}>{body}</Page>;
}

function Flow({ mode, phone }: { mode: PayPasswordMode; phone: string }) {
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const actor = useFlow(
    payPasswordFlow,
    () => ({ input: { mode, phone } }),
    (created) => [created.on('payPassword.saved', () => session.send({ type: 'session.signedIn' }))],
  );
  if (!actor) return null;
  return (
    <PayPasswordView
      actor={actor}
      forgotHref={navigation.href('/member/forgot-paypassword')}
      doneHref={navigation.href('/member/index')}
    />
  );
}
