// /member/index: the member card from store/vipInfo, or the way to become a member. Linking a card the
// counter registered (vip/bind, spec §5 fast register) reloads the card and the session's member.
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { VipInfo } from '../../../domain/api/member';
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
import { MemberCardView } from '../../../views/member/member-card-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { useToast } from '../../../views/ui/toast';
import { useAppState } from '../../app-state';
import { bindFlow, vipInfoFlow } from '../../flows/member';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';
import { MemberOffers } from './member-offers';

export default function MemberIndexPage() {
  return (
    <WithMessages namespace={['member', 'coupons']}>
      <MemberIndex />
    </WithMessages>
  );
}

function MemberIndex() {
  const { LL } = useI18nContext();
  const toast = useToast();
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const card = useFlow(vipInfoFlow, () => ({ input: { params: {} } }));
  const bind = useFlow(bindFlow, () => ({}));
  const info = useSelector(card ?? undefined, (s) => (s ? selectData<VipInfo>(s) : null));
  const loading = useSelector(card ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(card ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(card ?? undefined, (s) => (s ? selectError(s) : null));
  const binding = useSelector(bind ?? undefined, (s) =>
    s ? selectIsLoading(s) && !s.matches('idle') : false,
  );
  const bound = useSelector(bind ?? undefined, (s) => (s ? selectIsReady(s) : false));
  const bindError = useSelector(bind ?? undefined, (s) => (s && selectFailed(s) ? selectError(s) : null));

  // A linked card is announced once, then the card and the session's member are read again.
  const announced = useRef(false);
  useEffect(() => {
    if (!bound || announced.current) return;
    announced.current = true;
    toast.show(LL.member.join.bound());
    card?.send({ type: 'resource.reload' });
    session.send({ type: 'session.signedIn' });
  }, [bound, toast, LL, card, session]);

  const back = '/member/index';
  const cardState = info ? memberCardState(info) : null;
  return (
    <Page head={<PageHead title={LL.member.card.title()} />}>
      <MemberCardView
        info={info}
        state={cardState}
        loading={loading && !info}
        failed={failed}
        error={error}
        onRetry={() => card?.send({ type: 'resource.retry' })}
        onBind={() => bind?.send({ type: 'resource.load', params: {} })}
        binding={binding}
        bindMessage={bindError ? errorText(LL, bindError) || LL.member.join.notMember() : null}
        hrefs={{
          login: navigation.href('/pages/user/login', { redirect: back }),
          register: navigation.href('/member/register'),
          edit: navigation.href('/member/edit'),
          payPassword: navigation.href('/member/edit-paypassword'),
          transactions: navigation.href('/member/doc'),
          recharge: navigation.href('/member/recharge'),
          points: navigation.href('/member/point-consume-list'),
          pointStore: navigation.href('/member/point-store/point-store'),
          limitCards: navigation.href('/member/limit-card'),
          stores: navigation.href('/member/store-list'),
          code: navigation.href('/member/bind-qrcode'),
        }}
      />
      {cardState && cardState !== 'closed' && !failed && (
        <MemberOffers
          key={cardState}
          state={cardState}
          hrefs={{
            login: navigation.href('/pages/user/login', { redirect: back }),
            register: navigation.href('/member/register'),
          }}
        />
      )}
    </Page>
  );
}
