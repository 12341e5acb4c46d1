// The product's choices in a bottom sheet over the menu (sizes, options, set contents, quantity, live
// price): the customer chooses without leaving the menu, and "Add" closes the sheet. The product's page
// stays a link away for its full picture and text.
import type { Product } from '../../domain/catalog';
import { useI18nContext } from '../../i18n/i18n-context';
import { BottomSheet } from '../ui/dialog';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { ErrorView } from '../ui/state-views';
import {
  ChoiceBar,
  ChoiceGroups,
  ChoiceIntro,
  useBlockedText,
  type ProductChoiceViewProps,
} from './product-choice-view';
import styles from './product-choice.module.css';

export interface ProductChoiceSheetProps extends ProductChoiceViewProps {
  /** The product as the menu shows it: the sheet's title and picture while the choice flow starts. */
  listed: Product;
  detailHref: string;
  onClose: () => void;
}

export function ProductChoiceSheet(props: ProductChoiceSheetProps) {
  const { LL } = useI18nContext();
  const product = props.product ?? props.listed;
  const blocked = useBlockedText(product);
  const ready = props.product !== null && !props.loading && !props.failed;
  return (
    <BottomSheet
      open
      onClose={props.onClose}
      title={product.name}
      footer={ready ? <ChoiceBar {...props} blocked={blocked} /> : undefined}
    >
      <div className={styles.sheetIntro}>
        <a
          className={styles.sheetImageLink}
          href={props.detailHref}
          aria-label={LL.product.details({ name: product.name })}
        >
          <img className={styles.sheetImage} src={product.image} alt="" width={72} height={72} />
        </a>
        <ChoiceIntro product={product} blocked={blocked} heading={null} />
      </div>
      {props.failed ? (
        <ErrorView onRetry={props.onRetry} />
      ) : !ready ? (
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
        </SkeletonRegion>
      ) : (
        <ChoiceGroups groups={props.groups} />
      )}
    </BottomSheet>
  );
}
