// /product/detail: the product with its choices (size, options, set contents), the quantity and the live
// price, in a sticky bar at the bottom. Every choice is a native radio or checkbox inside a fieldset, so
// keyboard and screen-reader users get groups, names and states for free.
import type { ReactNode } from 'react';
import type { Product } from '../../domain/catalog';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { usePriceFormatter } from '../ui/shop-display';
import { CardSkeleton, Skeleton, SkeletonRegion } from '../ui/skeleton';
import { ErrorView } from '../ui/state-views';
import { availabilityOf } from './product-availability';
import styles from './product-choice.module.css';

export interface ChoiceOption {
  id: string;
  label: string;
  /** What choosing it does to the price ("+¥3.00", "-20%"), already formatted; null for nothing. */
  note: string | null;
  selected: boolean;
  disabled: boolean;
}

export interface ChoiceGroup {
  id: string;
  name: string;
  kind: 'single' | 'multiple';
  required: boolean;
  /** "Choose up to n" / "Choose n of m" hint. */
  hint: string | null;
  options: readonly ChoiceOption[];
  onToggle: (optionId: string) => void;
}

export interface ProductChoiceViewProps {
  product: Product | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  groups: readonly ChoiceGroup[];
  quantity: number;
  canDecrease: boolean;
  canIncrease: boolean;
  onDecrease: () => void;
  onIncrease: () => void;
  unitPrice: number | null;
  /** What the line will be charged (the cart's and the server's amount), quantity included. */
  totalPrice: number | null;
  /** The list total when the charged total is lower (member price, rebate, special price); else null. */
  listPrice?: number | null;
  /** A member's total at the member price, offered to a customer who is not charged it; else null. */
  memberPrice: number | null;
  canAdd: boolean;
  /** What still stops the choice, already phrased ("Please choose: Size"); null when complete. */
  firstUnmet: string | null;
  /** Adds the choice to the order; without it (no cart on this page yet) the bar shows the price only. */
  onAdd?: (() => void) | undefined;
}

export function ProductChoiceView(props: ProductChoiceViewProps) {
  const { LL } = useI18nContext();
  const { product } = props;
  const head = <PageHead title={product?.name ?? LL.product.detailTitle()} floating asHeading={!product} />;
  if (props.failed) {
    return (
      <Page head={<PageHead title={LL.product.detailTitle()} />}>
        <ErrorView onRetry={props.onRetry} />
      </Page>
    );
  }
  if (props.loading || !product) {
    return (
      <Page head={head} surface="white">
        <SkeletonRegion label={LL.app.loading()}>
          <Skeleton width="100%" height="17rem" style={{ borderRadius: 0 }} />
          <CardSkeleton />
        </SkeletonRegion>
      </Page>
    );
  }
  return <Loaded {...props} product={product} head={head} />;
}

function Loaded(props: ProductChoiceViewProps & { product: Product; head: ReactNode }) {
  const blocked = useBlockedText(props.product);
  return (
    <Page head={props.head} surface="white" bottomBar={4.5}>
      <img className={styles.hero} src={props.product.image} alt="" />
      <ChoiceIntro product={props.product} blocked={blocked} heading="h1" />
      <ChoiceGroups groups={props.groups} />
      <div className={styles.bar}>
        <ChoiceBar {...props} blocked={blocked} />
      </div>
    </Page>
  );
}

/** Why the product cannot be ordered now, in words, or null. */
export function useBlockedText(product: Product): string | null {
  const { LL } = useI18nContext();
  const availability = availabilityOf(product.state);
  return availability === 'soldOut'
    ? LL.product.soldOut()
    : availability === 'offline'
      ? LL.product.offline()
      : availability === 'outOfSaleTime'
        ? LL.product.outOfSaleTime()
        : null;
}

/** The product's name, description, stock and buying limits, and why it cannot be ordered. */
export function ChoiceIntro({
  product,
  blocked,
  heading,
}: {
  product: Product;
  blocked: string | null;
  /** The page's title is the name; in a sheet the sheet's title is, and the name is not repeated. */
  heading: 'h1' | null;
}) {
  const { LL } = useI18nContext();
  return (
    <div className={styles.intro}>
      {heading && <h1 className={styles.name}>{product.name}</h1>}
      {product.description && <p className={styles.description}>{product.description}</p>}
      <div className={styles.facts}>
        {product.stock !== null && product.stock <= 10 && product.stock > 0 && (
          <span>{LL.product.stockLeft({ count: product.stock })}</span>
        )}
        {product.minBuy > 1 && <span>{LL.product.minBuy({ count: product.minBuy })}</span>}
        {product.maxBuy !== null && <span>{LL.product.maxBuy({ count: product.maxBuy })}</span>}
      </div>
      {blocked && (
        <p className={styles.blocked} role="status">
          {blocked}
        </p>
      )}
    </div>
  );
}

/** Every choice group as a fieldset of native radios or checkboxes. */
export function ChoiceGroups({ groups }: { groups: readonly ChoiceGroup[] }) {
  const { LL } = useI18nContext();
  return (
    <>
      {groups.map((group) => (
        <fieldset key={group.id} className={styles.group}>
          <legend className={styles.legend}>
            <span>{group.name}</span>
            {group.required && <span className={styles.required}>{LL.product.required()}</span>}
            {group.hint && <span className={styles.hint}>{group.hint}</span>}
          </legend>
          <div className={styles.options}>
            {group.options.map((option) => (
              <label
                key={option.id}
                className={`${styles.option} ${option.selected ? styles.selected : ''} ${option.disabled ? styles.disabled : ''}`}
              >
                <input
                  className="visually-hidden"
                  type={group.kind === 'single' ? 'radio' : 'checkbox'}
                  name={`group-${group.id}`}
                  checked={option.selected}
                  disabled={option.disabled}
                  onChange={() => group.onToggle(option.id)}
                  onClick={(event) => {
                    // A checked radio does not fire change; a second tap on a single choice still reaches the flow.
                    if (group.kind === 'single' && option.selected && !group.required) {
                      event.preventDefault();
                      group.onToggle(option.id);
                    }
                  }}
                />
                <span>{option.label}</span>
                {option.note && <span className={styles.optionPrice}>{option.note}</span>}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </>
  );
}

/** Quantity stepper, live total (and member total) and the add button, with what still stops the choice. */
export function ChoiceBar(props: ProductChoiceViewProps & { blocked: string | null }) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const { blocked } = props;
  return (
    <>
      <div className={styles.barInner}>
        <div className={styles.stepper} role="group" aria-label={LL.product.quantity()}>
          <button
            type="button"
            className={styles.step}
            onClick={props.onDecrease}
            disabled={!props.canDecrease}
            aria-label={LL.product.decrease()}
          >
            <Icon name="minus" size={1} />
          </button>
          <output className={styles.quantity} aria-live="polite" aria-label={LL.product.quantity()}>
            {props.quantity}
          </output>
          <button
            type="button"
            className={styles.step}
            onClick={props.onIncrease}
            disabled={!props.canIncrease}
            aria-label={LL.product.increase()}
          >
            <Icon name="plus" size={1} />
          </button>
        </div>
        <div className={styles.totals}>
          <span className={styles.totalLabel}>{LL.product.total()}</span>
          <span className={styles.total} data-testid="total-price" aria-live="polite">
            {props.totalPrice !== null ? format(props.totalPrice) : '—'}
          </span>
          {props.listPrice != null && props.totalPrice !== null && props.listPrice > props.totalPrice && (
            <span className={styles.listTotal} data-testid="list-price">
              {LL.product.originalPrice({ price: format(props.listPrice) })}
            </span>
          )}
          {props.memberPrice !== null && (
            <span className={styles.memberLine} data-testid="member-price">
              {LL.product.memberPriceLabel({ price: format(props.memberPrice) })}
            </span>
          )}
        </div>
        {props.onAdd && (
          <Button size="large" onClick={props.onAdd} disabled={!props.canAdd || blocked !== null}>
            {LL.product.addToCart()}
          </Button>
        )}
      </div>
      {props.firstUnmet && !blocked && (
        <p className={styles.unmet} role="status" data-testid="unmet">
          {props.firstUnmet}
        </p>
      )}
    </>
  );
}
