// A beauty shop's /product/detail: the service as the list shows it, larger (picture, description, minutes,
// price and member price), and the way to book it. No quantity and no cart: a service is booked for a time.
import type { Product } from '../../domain/catalog';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import { Page } from '../ui/page';
import { usePriceFormatter } from '../ui/shop-display';
import { ChoiceIntro, useBlockedText } from '../product/product-choice-view';
import choiceStyles from '../product/product-choice.module.css';
import type { AppointmentTexts } from './appointment-text';
import styles from './appointment.module.css';

export function ServiceDetailView(props: {
  T: AppointmentTexts;
  head: React.ReactNode;
  product: Product;
  duration: number | null;
  showMemberPrice: boolean;
  bookable: boolean;
  onBook: () => void;
}) {
  const { T, product } = props;
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const blocked = useBlockedText(product) ?? (props.bookable ? null : T.tab.unavailable());
  return (
    <Page head={props.head} surface="white" bottomBar={4.5}>
      <img className={choiceStyles.hero} src={product.image} alt="" />
      <ChoiceIntro product={product} blocked={blocked} heading="h1" />
      {props.duration !== null && props.duration > 0 && (
        <p className={styles.duration} style={{ margin: '0 1rem' }}>
          <Icon name="clock" size={0.875} />
          {T.tab.minutes({ count: props.duration })}
        </p>
      )}
      <div className={styles.bar}>
        <div className={styles.barInner}>
          <p className={styles.barText}>
            <span className={styles.price}>{format(product.price)}</span>
            {props.showMemberPrice && product.memberPrice != null && product.memberPrice < product.price && (
              <span className={styles.muted}>
                {LL.product.memberPriceLabel({ price: format(product.memberPrice) })}
              </span>
            )}
          </p>
          <Button size="large" onClick={props.onBook} disabled={blocked !== null}>
            {T.tab.book()}
          </Button>
        </div>
      </div>
    </Page>
  );
}
