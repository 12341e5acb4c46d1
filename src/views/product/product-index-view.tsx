// The menu (/product/index and tab 1): a sticky top bar, the category rail and the product sections.
// Sections load lazily: a section scrolling near the viewport asks for its first page, its end for more.
import { startTransition, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { Product } from '../../domain/catalog';
import type { OrderType } from '../../domain/enums';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import { useNavigation } from '../ui/navigation';
import { Page } from '../ui/page';
import { ProductRowSkeleton, RailSkeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState, ErrorView } from '../ui/state-views';
import { useTabTap } from '../ui/tab-tap';
import { ShopBadge, type ShopOpenState } from '../store/shop-badge';
import { ProductCard, type CardCartControl } from './product-card';
import styles from './product.module.css';

export interface MenuType {
  id: number;
  name: string;
  isMustPick: boolean;
  /** Listed products, when known: a loading section reserves about their height. */
  productCount?: number;
}

/** Cards in the first screenful of a phone (about 150 px each under the bars). */
const FIRST_SCREEN_CARDS = 4;
/** A typical card's height (product.module.css .cardSpace). */
const CARD_HEIGHT_REM = 9.25;
/** A loading section reserves at most this many rows: further down, a shift is out of sight. */
const MAX_RESERVED_ROWS = 6;
/**
 * Cards the menu's first render draws: a phone's first screenful with room to spare. The cards below it
 * are drawn a few at a time once the page is idle, each batch an interruptible render, so the menu's
 * first data costs one short render instead of one long one (decision K53).
 */
const FIRST_RENDER_CARDS = 6;
const CARDS_PER_IDLE_RENDER = 8;

/** Runs `task` when the page is idle (soon after anyway), or now where idle callbacks do not exist. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(task, { timeout: 500 });
  return () => cancelIdleCallback(id);
}

export type SectionStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface MenuSection {
  products: readonly Product[];
  status: SectionStatus;
  hasMore: boolean;
}

/** The shop as the menu's header shows it, above the order types and the category rail. */
export interface MenuShopHeader {
  name: string;
  openState: ShopOpenState;
  /** Today's opening hours, formatted ("10:00–14:00, 17:00–22:00"), or '' when unknown. */
  hours: string;
  /** The shop notice, shown when the shop has switched it on. */
  notice: string | null;
  /** The shop's offers strip (loaded beside the menu), under the notice. */
  offers?: ReactNode;
  /** The shop has running offers: their strip's place is kept while it loads, so the menu does not move. */
  offersExpected?: boolean;
}

/** What the menu's cart controls do; absent until the cart has loaded. */
export interface MenuCartActions {
  onAdd: (product: Product) => void;
  onRemove: (product: Product) => void;
  onChoose: (product: Product) => void;
  /** A hook reading how many units of a product the cart holds. */
  useProductCount: (productId: number) => number;
  /** A hook reading how many units of a category's products the cart holds. */
  useTypeCount: (typeId: number) => number;
}

export interface ProductIndexViewProps {
  title: string;
  header: MenuShopHeader;
  /** The search field's words, fitting the shop's trade ("Search dishes", "Search products"). */
  searchPlaceholder: string;
  cart?: MenuCartActions | undefined;
  /** Scrolls the menu to a category (the must-pick check at checkout); a new `seq` scrolls again. */
  jumpTo?: { typeId: number; seq: number } | null | undefined;
  /** Tab 1 shows the tab bar and no back button. */
  asTab: boolean;
  orderTypes: readonly OrderType[];
  orderType: OrderType;
  onOrderType: (orderType: OrderType) => void;
  types: readonly MenuType[] | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** A hook reading one category's section from the flow (called once per rendered section). */
  useSection: (typeId: number) => MenuSection;
  onShowType: (typeId: number) => void;
  onLoadMore: (typeId: number) => void;
  onRetryType: (typeId: number) => void;
  showMemberPrice: boolean;
  menuUpdated: boolean;
  onReload: () => void;
  initialTypeId?: number | undefined;
  /** The cart bar and its sheet (cart mode), fixed at the bottom of the menu. */
  cartBar?: ReactNode;
  /** The price activity a product is in, in short words, or null. */
  productTag?: ((productId: number) => string | null) | undefined;
}

export function ProductIndexView(props: ProductIndexViewProps) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  const { title, asTab, types, loading, failed } = props;
  const showOrderTypes = props.orderTypes.length > 1;
  const stickyTop = showOrderTypes ? '5.875rem' : '3.125rem';
  const style = {
    '--menu-sticky-top': stickyTop,
    '--menu-bottom': asTab ? 'var(--tab-bar-height)' : '0px',
  } as CSSProperties;

  useTabTap(() => window.scrollTo({ top: 0, behavior: 'smooth' }));

  return (
    <Page withTabBar={asTab} surface="white" bottomBar={props.cartBar ? 4.5 : 0}>
      <div style={style}>
        <div className={styles.topBar}>
          {!asTab && (
            <button
              type="button"
              className={styles.backButton}
              onClick={() => navigation.back()}
              aria-label={LL.app.back()}
            >
              <Icon name="back" size={1.25} />
            </button>
          )}
          <a className={styles.searchLink} href={navigation.href('/product/search')}>
            <Icon name="search" size={1} />
            <span>{props.searchPlaceholder}</span>
          </a>
        </div>
        <ShopHeader header={props.header} title={title} />
        {showOrderTypes && (
          <div
            className={styles.orderTypeBar}
            role="group"
            aria-label={LL.store.orderModes()}
            style={{ position: 'sticky', top: '3.125rem', zIndex: 11 }}
          >
            {props.orderTypes.map((type) => (
              <button
                key={type}
                type="button"
                className={styles.orderTypeChip}
                aria-pressed={type === props.orderType}
                onClick={() => props.onOrderType(type)}
              >
                {LL.orderType[type]()}
              </button>
            ))}
          </div>
        )}
        {props.menuUpdated && (
          <div className={styles.updateBanner} role="status">
            <span>{LL.product.menuUpdated()}</span>
            <Button size="small" variant="secondary" onClick={props.onReload}>
              {LL.app.asyncErrorAction()}
            </Button>
          </div>
        )}
        {failed ? (
          <ErrorView onRetry={props.onRetry} />
        ) : loading || !types ? (
          <SkeletonRegion label={LL.app.loading()}>
            <div className={styles.menu}>
              <RailSkeleton className={styles.rail} />
              <div className={styles.sections}>
                {[0, 1, 2, 3, 4].map((i) => (
                  <ProductRowSkeleton key={i} />
                ))}
              </div>
            </div>
          </SkeletonRegion>
        ) : types.length === 0 ? (
          <EmptyState title={LL.product.emptyMenu()} />
        ) : (
          <Menu {...props} types={types} />
        )}
      </div>
      {props.cartBar}
    </Page>
  );
}

function ShopHeader({ header, title }: { header: MenuShopHeader; title: string }) {
  const { LL } = useI18nContext();
  return (
    <header className={styles.shopHeader}>
      <h1 className={styles.shopName}>{title}</h1>
      <p className={styles.shopMeta}>
        <ShopBadge state={header.openState} />
        {header.hours && <span>{LL.store.todayHours({ hours: header.hours })}</span>}
      </p>
      {header.notice && (
        <p className={styles.shopNotice}>
          <Icon name="bell" size={0.875} />
          <span>{header.notice}</span>
        </p>
      )}
      <div className={header.offersExpected ? styles.offersSlot : undefined}>{header.offers}</div>
    </header>
  );
}

function Menu({
  types,
  useSection,
  onShowType,
  onLoadMore,
  onRetryType,
  showMemberPrice,
  initialTypeId,
  cart,
  jumpTo: jumpRequest,
  productTag,
}: ProductIndexViewProps & { types: readonly MenuType[] }) {
  const { LL } = useI18nContext();
  const [active, setActive] = useState<number | undefined>(initialTypeId ?? types[0]?.id);
  // A link to a category scrolls to it at once: everything above it is drawn in the first render.
  const [drawn, setDrawn] = useState(initialTypeId === undefined ? FIRST_RENDER_CARDS : Infinity);
  const listed = types.reduce((sum, type) => sum + (type.productCount ?? 0), 0);
  useEffect(() => {
    if (drawn >= listed) return;
    return whenIdle(() => startTransition(() => setDrawn((n) => n + CARDS_PER_IDLE_RENDER)));
  }, [drawn, listed]);
  const sectionRefs = useRef(new Map<number, HTMLElement>());
  /** While a rail tap scrolls to its category, the sections passing by must not steal the highlight. */
  const jumping = useRef<number | null>(null);
  const latest = useRef({ onShowType });
  useEffect(() => {
    latest.current = { onShowType };
  });

  // Sections near the viewport load their first page; the top-most visible one is the active category.
  useEffect(() => {
    // The flow ignores a category it already has or is loading, so telling it twice is harmless.
    if (typeof IntersectionObserver === 'undefined') {
      for (const type of types) latest.current.onShowType(type.id);
      return;
    }
    const visible = new Set<number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = Number((entry.target as HTMLElement).dataset.typeId);
          if (entry.isIntersecting) visible.add(id);
          else visible.delete(id);
        }
        const first = types.find((t) => visible.has(t.id));
        if (first && jumping.current === null) setActive(first.id);
      },
      { rootMargin: '-20% 0px -60% 0px' },
    );
    const prefetch = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting)
            latest.current.onShowType(Number((entry.target as HTMLElement).dataset.typeId));
        }
      },
      { rootMargin: '200px 0px 200px 0px' },
    );
    for (const element of sectionRefs.current.values()) {
      observer.observe(element);
      prefetch.observe(element);
    }
    return () => {
      observer.disconnect();
      prefetch.disconnect();
    };
  }, [types]);

  useEffect(() => {
    if (initialTypeId === undefined) return;
    sectionRefs.current.get(initialTypeId)?.scrollIntoView({ block: 'start' });
  }, [initialTypeId]);

  const jumpTo = (typeId: number) => {
    setDrawn(Infinity);
    setActive(typeId);
    onShowType(typeId);
    jumping.current = typeId;
    const release = () => {
      jumping.current = null;
      window.removeEventListener('scrollend', release);
    };
    window.addEventListener('scrollend', release);
    setTimeout(release, 1000);
    const element = sectionRefs.current.get(typeId);
    element?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    element?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };
  const jump = useRef(jumpTo);
  useEffect(() => {
    jump.current = jumpTo;
  });
  useEffect(() => {
    if (jumpRequest) jump.current(jumpRequest.typeId);
  }, [jumpRequest]);

  return (
    <div className={styles.menu}>
      <nav aria-label={LL.product.categories()} style={{ display: 'contents' }}>
        <ul className={styles.rail}>
          {types.map((type) => (
            <li key={type.id}>
              <button
                type="button"
                className={styles.railButton}
                aria-current={type.id === active ? 'true' : undefined}
                onClick={() => jumpTo(type.id)}
                data-type-id={type.id}
              >
                {type.name}
                {type.isMustPick && <span className={styles.railBadge}>{LL.product.mustPick()}</span>}
                {cart && <RailCount typeId={type.id} useTypeCount={cart.useTypeCount} />}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.sections}>
        {types.map((type, index) => (
          <SectionBlock
            key={type.id}
            type={type}
            first={index === 0}
            drawable={drawn - cardsBefore(types, index)}
            useSection={useSection}
            showMemberPrice={showMemberPrice}
            cart={cart}
            productTag={productTag}
            onLoadMore={onLoadMore}
            onRetryType={onRetryType}
            register={(element) => {
              if (element) sectionRefs.current.set(type.id, element);
              else sectionRefs.current.delete(type.id);
            }}
          />
        ))}
      </div>
    </div>
  );
}

/** The listed products of the categories above the one at `index`. */
const cardsBefore = (types: readonly MenuType[], index: number) =>
  types.slice(0, index).reduce((sum, type) => sum + (type.productCount ?? 0), 0);

interface SectionBlockProps {
  type: MenuType;
  /** The top section: its first cards are the first screenful. */
  first: boolean;
  /** How many of its cards to draw yet; the others keep their place as empty space until then. */
  drawable: number;
  useSection: (typeId: number) => MenuSection;
  showMemberPrice: boolean;
  cart: MenuCartActions | undefined;
  onLoadMore: (typeId: number) => void;
  onRetryType: (typeId: number) => void;
  register: (element: HTMLElement | null) => void;
  productTag: ((productId: number) => string | null) | undefined;
}

/** The units of a category's products in the cart, as a badge on its rail button. */
function RailCount({ typeId, useTypeCount }: { typeId: number; useTypeCount: (typeId: number) => number }) {
  const { LL } = useI18nContext();
  const count = useTypeCount(typeId);
  if (count === 0) return null;
  return (
    <span className={styles.railCount} data-testid="type-count">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{LL.product.inCart({ count })}</span>
    </span>
  );
}

/** One card with its cart controls wired to the cart (a hook per card: only a changed count redraws it). */
function CardWithCart({
  cart,
  ...props
}: Omit<Parameters<typeof ProductCard>[0], 'cart'> & { cart: MenuCartActions }) {
  const count = cart.useProductCount(props.product.id);
  const control: CardCartControl = {
    count,
    onAdd: () => cart.onAdd(props.product),
    onRemove: () => cart.onRemove(props.product),
    onChoose: () => cart.onChoose(props.product),
  };
  return <ProductCard {...props} cart={control} />;
}

function SectionBlock({
  type,
  first,
  drawable,
  useSection,
  showMemberPrice,
  cart,
  onLoadMore,
  onRetryType,
  register,
  productTag,
}: SectionBlockProps) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  const section = useSection(type.id);
  const cards =
    drawable >= section.products.length ? section.products : section.products.slice(0, Math.max(0, drawable));
  const undrawn = section.products.length - cards.length;
  return (
    <section
      className={styles.section}
      style={{ '--section-estimate': `${sectionEstimateRem(type)}rem` } as CSSProperties}
      aria-labelledby={`type-${type.id}`}
      data-type-id={type.id}
      data-status={section.status}
      ref={register}
    >
      <h2 id={`type-${type.id}`} className={styles.sectionTitle} tabIndex={-1}>
        {type.name}
      </h2>
      {cards.length > 0 && (
        <ul className={styles.productList}>
          {cards.map((product, index) => (
            <li key={product.id}>
              {cart ? (
                <CardWithCart
                  cart={cart}
                  tag={productTag?.(product.id)}
                  product={product}
                  showMemberPrice={showMemberPrice}
                  href={navigation.href('/product/detail', { id: product.id })}
                  priority={cardPriority(first, index)}
                />
              ) : (
                <ProductCard
                  product={product}
                  tag={productTag?.(product.id)}
                  showMemberPrice={showMemberPrice}
                  href={navigation.href('/product/detail', { id: product.id })}
                  priority={cardPriority(first, index)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {undrawn > 0 && (
        <div
          className={styles.undrawn}
          style={{ height: `${undrawn * CARD_HEIGHT_REM}rem` }}
          aria-hidden="true"
        />
      )}
      {section.status === 'failed' ? (
        <div className={styles.sectionNote}>
          <Button size="small" variant="secondary" onClick={() => onRetryType(type.id)}>
            <Icon name="refresh" size={1} />
            {LL.app.retry()}
          </Button>
        </div>
      ) : section.status === 'loading' || section.status === 'idle' ? (
        <SkeletonRegion label={LL.product.loadMore()}>
          {/* As many rows as the page will bring, each as tall as a card: the sections below stay put. */}
          {Array.from({ length: reservedRows(type, section) }, (_, i) => (
            <div key={i} className={styles.cardSpace}>
              <ProductRowSkeleton />
            </div>
          ))}
        </SkeletonRegion>
      ) : section.products.length === 0 ? (
        <p className={styles.sectionNote}>{LL.product.emptyCategory()}</p>
      ) : section.hasMore ? (
        <LoadMore onVisible={() => onLoadMore(type.id)} />
      ) : null}
    </section>
  );
}

const cardPriority = (first: boolean, index: number) =>
  !first || index >= FIRST_SCREEN_CARDS ? undefined : index === 0 ? ('high' as const) : ('eager' as const);

/** A section's height before it is first laid out: its title and its products as typical cards. */
const sectionEstimateRem = (type: MenuType) => 3 + Math.max(1, type.productCount ?? 2) * CARD_HEIGHT_REM;

/** The products still to come into a loading section, as far as they can be seen. */
function reservedRows(type: MenuType, section: MenuSection): number {
  const expected = type.productCount === undefined ? 2 : type.productCount - section.products.length;
  return Math.max(1, Math.min(expected, MAX_RESERVED_ROWS));
}

function LoadMore({ onVisible }: { onVisible: () => void }) {
  const { LL } = useI18nContext();
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={styles.sectionNote}>
      <Button size="small" variant="ghost" onClick={() => latest.current()}>
        {LL.product.loadMore()}
      </Button>
    </div>
  );
}
