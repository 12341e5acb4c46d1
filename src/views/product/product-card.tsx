// One product row of the menu: image, name, description, price (member price where the shop shows it),
// and its state when it cannot be ordered (sold out, offline, out of sale time).
import type { Product } from '../../domain/catalog';
import { hasChoices } from '../../domain/product-choices';
import { useI18nContext } from '../../i18n/i18n-context';
import { Icon } from '../ui/icons';
import { usePriceFormatter } from '../ui/shop-display';
import styles from './product.module.css';
import { availabilityOf } from './product-availability';

/** The lowest price a product can be bought at, and whether other choices cost more. */
export function priceSummary(product: Product): { price: number; memberPrice: number | null; from: boolean } {
  if (product.specs.length === 0)
    return { price: product.price, memberPrice: product.memberPrice, from: false };
  const cheapest = product.specs.reduce((min, spec) => (spec.price < min.price ? spec : min));
  const varies = product.specs.some((spec) => spec.price !== cheapest.price);
  return { price: cheapest.price, memberPrice: cheapest.memberPrice, from: varies };
}

/** The card's way into the cart: a stepper for a product without choices, a sheet for one with them. */
export interface CardCartControl {
  /** Units of the product in the cart. */
  count: number;
  onAdd: () => void;
  onRemove: () => void;
  /** Opens the choice sheet over the menu. */
  onChoose: () => void;
}

export interface ProductCardProps {
  product: Product;
  showMemberPrice: boolean;
  href: string;
  /**
   * A card in the first screenful: its picture loads at once (not lazily, which waits for layout), and
   * the first one, the page's largest paint, ahead of everything else (decision K22).
   */
  priority?: 'high' | 'eager';
  /** Without it (search results) the card only links to the product's page. */
  cart?: CardCartControl | undefined;
  /** The price activity the product is in, in its short words ("Second cup at 50%"). */
  tag?: string | null | undefined;
  /** A card without cart controls shows this word where "+" would be (a beauty shop's "Book"). */
  actionLabel?: string | undefined;
}

export function ProductCard({
  product,
  showMemberPrice,
  href,
  priority,
  cart,
  tag,
  actionLabel,
}: ProductCardProps) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const availability = availabilityOf(product.state);
  const { price, memberPrice, from } = priceSummary(product);
  const unavailableLabel =
    availability === 'soldOut'
      ? LL.product.soldOut()
      : availability === 'offline'
        ? LL.product.offline()
        : availability === 'outOfSaleTime'
          ? LL.product.outOfSaleTime()
          : null;
  const choices = hasChoices(product);
  return (
    // The name's link covers the whole card (its ::after), so a tap anywhere but on the cart controls opens
    // the product's page, and the card holds no link inside a link.
    <article
      className={availability === 'available' ? styles.card : `${styles.card} ${styles.unavailable}`}
      data-product-id={product.id}
      data-availability={availability}
    >
      <div className={styles.imageWrap}>
        <img
          className={styles.image}
          src={product.image}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority === 'high' ? 'high' : undefined}
          width={88}
          height={88}
        />
        {unavailableLabel && <span className={styles.stateLabel}>{unavailableLabel}</span>}
      </div>
      <div className={styles.cardBody}>
        <h3 className={styles.name}>
          <a className={styles.cardLink} href={href}>
            {product.name}
          </a>
        </h3>
        {tag && (
          <p className={styles.memberTag} data-testid="activity-tag">
            {tag}
          </p>
        )}
        {product.description && <p className={styles.description}>{product.description}</p>}
        {availability === 'outOfSaleTime' && product.saleTimes.length > 0 && (
          <p className={styles.meta}>
            {LL.product.saleTimes({ times: product.saleTimes.map((t) => `${t.start}–${t.end}`).join(', ') })}
          </p>
        )}
        {product.sales > 0 && <p className={styles.meta}>{LL.product.sales({ count: product.sales })}</p>}
        <div className={styles.priceRow}>
          <div className={styles.prices}>
            <span className={styles.priceLine}>
              <span className={styles.price} data-testid="price">
                {format(price)}
                {from && <small className={styles.from}> {LL.product.from()}</small>}
              </span>
              {product.originalPrice != null && product.originalPrice > price && (
                <s className={styles.original}>
                  <span className="visually-hidden">
                    {LL.product.originalPrice({ price: format(product.originalPrice) })}
                  </span>
                  <span aria-hidden="true">{format(product.originalPrice)}</span>
                </s>
              )}
            </span>
            {showMemberPrice && memberPrice != null && memberPrice < price && (
              <span className={styles.member} data-testid="member-price">
                <span className={styles.memberTag}>{LL.product.memberPrice()}</span>
                {format(memberPrice)}
              </span>
            )}
          </div>
          {availability === 'available' &&
            (!cart ? (
              <span className={styles.addButton} aria-hidden="true">
                {actionLabel ?? (choices ? LL.product.choose() : <Icon name="plus" size={1} />)}
              </span>
            ) : choices ? (
              <ChooseButton name={product.name} count={cart.count} onChoose={cart.onChoose} />
            ) : (
              <Stepper name={product.name} count={cart.count} onAdd={cart.onAdd} onRemove={cart.onRemove} />
            ))}
        </div>
      </div>
    </article>
  );
}

/** A product with choices: the button opens its sheet; the badge counts every line of it in the cart. */
function ChooseButton({ name, count, onChoose }: { name: string; count: number; onChoose: () => void }) {
  const { LL } = useI18nContext();
  return (
    <button
      type="button"
      className={styles.chooseButton}
      onClick={onChoose}
      aria-haspopup="dialog"
      aria-label={
        count > 0
          ? `${LL.product.chooseFor({ name })}, ${LL.product.inCart({ count })}`
          : LL.product.chooseFor({ name })
      }
    >
      <span className={styles.addButton} aria-hidden="true">
        {LL.product.choose()}
        {count > 0 && (
          <span className={styles.countBadge} data-testid="product-count">
            {count}
          </span>
        )}
      </span>
    </button>
  );
}

/** A product without choices: "+" adds one with one tap; once in the cart, − count + . */
function Stepper({
  name,
  count,
  onAdd,
  onRemove,
}: {
  name: string;
  count: number;
  onAdd: () => void;
  onRemove: () => void;
}) {
  const { LL } = useI18nContext();
  return (
    <div className={styles.listStepper} role="group" aria-label={LL.cart.quantityOf({ name })}>
      {count > 0 && (
        <>
          <button
            type="button"
            className={styles.listStep}
            onClick={onRemove}
            aria-label={LL.cart.decrease({ name })}
          >
            <span className={`${styles.stepFace} ${styles.stepFaceOutline}`} aria-hidden="true">
              <Icon name="minus" size={0.875} />
            </span>
          </button>
          <output className={styles.listCount} aria-live="polite" data-testid="product-count">
            {count}
          </output>
        </>
      )}
      <button
        type="button"
        className={styles.listStep}
        onClick={onAdd}
        aria-label={LL.cart.increase({ name })}
      >
        <span className={styles.stepFace} aria-hidden="true">
          <Icon name="plus" size={0.875} />
        </span>
      </button>
    </div>
  );
}
