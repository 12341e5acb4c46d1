// /member/register: a new member for the phone the SMS login proved (vip/register), with name, birthday,
// gender and the member terms accepted. The page first reads store/vipInfo, so a guest is sent to the
// login, a shop that registers only in store says so, and a member goes to the card.
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { RegisterInfo, VipInfo } from '../../../domain/api/member';
import { errorText } from '../../../i18n/error-text';
import { useI18nContext } from '../../../i18n/i18n-context';
import { memberCardState } from '../../../machines/member/member-card.rules';
import {
  selectData,
  selectError,
  selectFailed,
  selectIsLoading,
  selectIsReady,
} from '../../../machines/shared/resource.selectors';
import { MemberFormView } from '../../../views/member/member-form-view';
import { LinkButton } from '../../../views/ui/button';
import { ErrorView } from '../../../views/ui/error-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { Skeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { EmptyState } from '../../../views/ui/state-views';
import { useToast } from '../../../views/ui/toast';
import { useAppState } from '../../app-state';
import { registerFlow, vipInfoFlow } from '../../flows/member';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';

export default function MemberRegisterPage() {
  return (
    <WithMessages namespace="member">
      <MemberRegister />
    </WithMessages>
  );
}

function MemberRegister() {
  const { LL } = useI18nContext();
  const toast = useToast();
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const card = useFlow(vipInfoFlow, () => ({ input: { params: {} } }));
  const saver = useFlow(registerFlow, () => ({}));
  const info = useSelector(card ?? undefined, (s) => (s ? selectData<VipInfo>(s) : null));
  const failed = useSelector(card ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(card ?? undefined, (s) => (s ? selectError(s) : null));
  const saving = useSelector(saver ?? undefined, (s) =>
    s ? selectIsLoading(s) && !s.matches('idle') : false,
  );
  const saved = useSelector(saver ?? undefined, (s) =>
    s && selectIsReady(s) ? selectData<RegisterInfo>(s) : null,
  );
  const saveError = useSelector(saver ?? undefined, (s) => (s && selectFailed(s) ? selectError(s) : null));
  const state = info ? memberCardState(info) : null;

  const announced = useRef(false);
  useEffect(() => {
    if (!saved || announced.current) return;
    announced.current = true;
    const count = saved.coupons.length;
    toast.show(
      count > 0
        ? `${LL.member.register.done()} ${LL.member.register.coupons({ count })}`
        : LL.member.register.done(),
    );
    session.send({ type: 'session.signedIn' });
    navigation.go('/member/index', {}, { replace: true });
  }, [saved, toast, LL, session, navigation]);

  useEffect(() => {
    if (state === 'member' && !announced.current) navigation.go('/member/index', {}, { replace: true });
  }, [state, navigation]);

  let body;
  if (failed)
    body = <ErrorView message={error ?? undefined} onRetry={() => card?.send({ type: 'resource.retry' })} />;
  else if (!info || !state || state === 'member')
    body = (
      <SkeletonRegion label={LL.member.loading()}>
        <div style={{ margin: '0.75rem', display: 'grid', gap: '0.75rem' }}>
          <Skeleton width="100%" height="3rem" />
          <Skeleton width="100%" height="3rem" />
          <Skeleton width="100%" height="3rem" />
        </div>
      </SkeletonRegion>
    );
  else if (state === 'guest')
    body = (
      <EmptyState
        icon="user"
        title={LL.member.guest.title()}
        description={LL.member.guest.hint()}
        action={
          <LinkButton href={navigation.href('/pages/user/login', { redirect: '/member/register' })}>
            {LL.member.guest.login()}
          </LinkButton>
        }
      />
    );
  else if (state === 'closed') body = <EmptyState icon="store" title={LL.member.join.closed()} />;
  else if (state === 'inStore')
    body = (
      <EmptyState
        icon="store"
        title={LL.member.join.inStore()}
        description={LL.member.join.inStoreHint()}
        action={<LinkButton href={navigation.href('/member/index')}>{LL.member.join.bind()}</LinkButton>}
      />
    );
  else
    body = (
      <MemberFormView
        initial={{ name: '', birthday: '', gender: 0 }}
        register={{ phone: info.phone ?? '', termsHref: navigation.href('/pages/user/protocol') }}
        busy={saving}
        error={saveError ? errorText(LL, saveError) : null}
        submitLabel={LL.member.register.submit()}
        onSubmit={(form) =>
          saver?.send({
            type: 'resource.load',
            params: {
              name: form.name,
              birthday: form.birthday || null,
              gender: form.gender,
              agreeTerms: true,
            },
          })
        }
      />
    );
  return <Page head={<PageHead title={LL.member.register.title()} />}>{body}</Page>;
}
