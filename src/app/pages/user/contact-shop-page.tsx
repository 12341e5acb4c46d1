// /pages/user/contact-shop: the shop's phone (a tel: link), address, hours and a map link.
import { useI18nContext } from '../../../i18n/i18n-context';
import { ContactView } from '../../../views/member/shop-texts-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { WithMessages } from '../../with-messages';
import { useShopTexts } from './shop-texts';

export default function ContactShopPage() {
  return (
    <WithMessages namespace="member">
      <Contact />
    </WithMessages>
  );
}

function Contact() {
  const { LL } = useI18nContext();
  const texts = useShopTexts();
  return (
    <Page head={<PageHead title={LL.member.contact.title()} />}>
      <ContactView {...texts} />
    </Page>
  );
}
