// /pages/user/coupon/list: the customer's coupons by tab (usable, used, expired); pulling down reloads.
// Coupons belong to a proved phone, so a device-only visitor is asked to log in first.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { CustomerCoupon } from '../../../domain/api/activity';
import { shopToday } from '../../../domain/hours';
import { useI18nContext } from '../../../i18n/i18n-context';
import { WALLET_TABS, walletCards, type WalletTab } from '../../../machines/coupon/coupon-wallet.rules';
import {
  selectData,
  selectError,
  selectFailed,
  selectIsLoading,
} from '../../../machines/shared/resource.selectors';
import { selectHasPhone } from '../../../machines/entry/session.selectors';
import { WalletView } from '../../../views/coupon/wallet-view';
import { LinkButton } from '../../../views/ui/button';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { PullToRefresh } from '../../../views/ui/pull-to-refresh';
import { EmptyState } from '../../../views/ui/state-views';
import { useAppState } from '../../app-state';
import { clock } from '../../clock';
import { useAppNavigation } from '../../shell';
import { walletFlow } from '../../flows/coupons';
import { usePulledResource } from '../../pulled-resource';
import { WithMessages } from '../../with-messages';

export default function CouponListPage() {
  return (
    <WithMessages namespace="coupons">
      <CouponListContent />
    </WithMessages>
  );
}

function CouponListContent() {
  const { session } = useAppState();
  const hasPhone = useSelector(session, selectHasPhone);
  return hasPhone ? <Wallet /> : <LoginFirst />;
}

export function LoginFirst() {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  return (
    <Page head={<PageHead title={LL.coupons.list.title()} />}>
      <EmptyState
        icon="user"
        title={LL.coupons.list.loginFirst()}
        action={
          <LinkButton href={navigation.href('/pages/user/login', { redirect: '/pages/user/coupon/list' })}>
            {LL.coupons.list.goToLogin()}
          </LinkButton>
        }
      />
    </Page>
  );
}

function Wallet() {
  const { shop } = useAppState();
  const navigation = useAppNavigation();
  const [tab, setTab] = useState<WalletTab>('usable');
  const { actor, pull } = usePulledResource(walletFlow);
  const coupons = useSelector(actor ?? undefined, (s) => (s ? selectData<CustomerCoupon[]>(s) : null));
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectError(s) : null));
  const today = shopToday(clock(), shop?.timezone ?? 'Asia/Shanghai');
  const view = (
    <WalletView
      tabs={WALLET_TABS}
      tab={tab}
      onTab={setTab}
      cards={coupons ? walletCards(coupons, tab, today) : null}
      loading={loading && !coupons}
      failed={failed}
      error={error}
      onRetry={() => actor?.send({ type: 'resource.retry' })}
      offersHref={navigation.href('/pages/activity/list')}
      detailHref={(id) => navigation.href('/pages/user/coupon/detail', { id })}
    />
  );
  return pull ? <PullToRefresh actor={pull}>{view}</PullToRefresh> : view;
}
