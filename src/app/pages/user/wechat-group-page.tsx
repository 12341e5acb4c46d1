// /pages/user/wechat-group: the shop's customer group QR image, or a clear "no group".
import { useI18nContext } from '../../../i18n/i18n-context';
import { GroupView } from '../../../views/member/shop-texts-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { WithMessages } from '../../with-messages';
import { useShopTexts } from './shop-texts';

export default function WechatGroupPage() {
  return (
    <WithMessages namespace="member">
      <Group />
    </WithMessages>
  );
}

function Group() {
  const { LL } = useI18nContext();
  const texts = useShopTexts();
  return (
    <Page head={<PageHead title={LL.member.group.title()} />}>
      <GroupView {...texts} />
    </Page>
  );
}
