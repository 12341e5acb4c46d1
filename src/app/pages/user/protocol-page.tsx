// /pages/user/protocol: the shop's member terms and privacy notice (store/shopTexts), linked from
// registration.
import { useI18nContext } from '../../../i18n/i18n-context';
import { ProtocolView } from '../../../views/member/shop-texts-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { WithMessages } from '../../with-messages';
import { useShopTexts } from './shop-texts';

export default function ProtocolPage() {
  return (
    <WithMessages namespace="member">
      <Protocol />
    </WithMessages>
  );
}

function Protocol() {
  const { LL } = useI18nContext();
  const texts = useShopTexts();
  return (
    <Page head={<PageHead title={LL.member.protocol.title()} />}>
      <ProtocolView {...texts} />
    </Page>
  );
}
