// /member/bind-qrcode: the member code (vip/genVipToken) as a QR code and a barcode that renew before they
// expire. Its own route chunk, so qrcode and jsbarcode never weigh on another page.
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useI18nContext } from '../../../i18n/i18n-context';
import { selectHasPhone } from '../../../machines/entry/session.selectors';
import { memberCodeMachine } from '../../../machines/member/member-code.machine';
import { memberApi } from '../../../services/member';
import { MemberCodeView } from '../../../views/member/member-code-view';
import { LinkButton } from '../../../views/ui/button';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { EmptyState } from '../../../views/ui/state-views';
import { useAppState } from '../../app-state';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';

const memberCodeFlow = memberCodeMachine.provide({
  actors: { generate: fromPromise(() => memberApi.genVipToken({ toast: false })) },
});

export default function MemberCodePage() {
  return (
    <WithMessages namespace="member">
      <MemberCode />
    </WithMessages>
  );
}

function MemberCode() {
  const { LL } = useI18nContext();
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const hasPhone = useSelector(session, selectHasPhone);
  return (
    <Page head={<PageHead title={LL.member.code.title()} />}>
      {hasPhone ? (
        <Code />
      ) : (
        <EmptyState
          icon="user"
          title={LL.member.guest.title()}
          action={
            <LinkButton href={navigation.href('/pages/user/login', { redirect: '/member/bind-qrcode' })}>
              {LL.member.guest.login()}
            </LinkButton>
          }
        />
      )}
    </Page>
  );
}

function Code() {
  const actor = useFlow(memberCodeFlow, () => ({}));
  return actor ? <MemberCodeView actor={actor} /> : null;
}
