// /product/search: a search box that searches as the customer types, and the matching products.
import { useEffect, useId, useRef } from 'react';
import type { Product } from '../../domain/catalog';
import { useI18nContext } from '../../i18n/i18n-context';
import { Icon } from '../ui/icons';
import { useNavigation } from '../ui/navigation';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { ProductRowSkeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState, ErrorView } from '../ui/state-views';
import { ProductCard } from './product-card';
import styles from './product-search.module.css';

export type SearchState = 'empty' | 'typing' | 'searching' | 'results' | 'noResults' | 'failed';

export interface ProductSearchViewProps {
  text: string;
  /** The text the shown results are for. */
  searchedText: string;
  state: SearchState;
  results: readonly Product[];
  showMemberPrice: boolean;
  /** The field's words for the shop's trade (src/i18n/industry-words.ts). */
  placeholder: string;
  onText: (text: string) => void;
  onClear: () => void;
  onRetry: () => void;
  /** What a result leads to, when not a cart (a beauty shop's "Book"). */
  actionLabel?: string;
}

export function ProductSearchView(props: ProductSearchViewProps) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const busy = props.state === 'typing' || props.state === 'searching';
  return (
    <Page head={<PageHead title={LL.search.title()} />} surface="white">
      <form className={styles.bar} role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="visually-hidden" htmlFor={`${id}-q`}>
          {LL.search.label()}
        </label>
        <div className={styles.box}>
          <Icon name="search" size={1.125} />
          <input
            ref={input}
            id={`${id}-q`}
            className={styles.input}
            type="search"
            enterKeyHint="search"
            placeholder={props.placeholder}
            value={props.text}
            maxLength={50}
            onChange={(e) => props.onText(e.target.value)}
          />
          {props.text && (
            <button
              type="button"
              className={styles.clear}
              onClick={props.onClear}
              aria-label={LL.search.clear()}
            >
              <Icon name="close" size={1} />
            </button>
          )}
        </div>
      </form>
      <div aria-live="polite" aria-busy={busy} className={styles.results}>
        {props.state === 'empty' ? (
          <p className={styles.hint}>{LL.search.hint()}</p>
        ) : props.state === 'failed' ? (
          <ErrorView onRetry={props.onRetry} />
        ) : busy && props.results.length === 0 ? (
          <SkeletonRegion label={LL.app.loading()}>
            <ProductRowSkeleton />
            <ProductRowSkeleton />
          </SkeletonRegion>
        ) : props.state === 'noResults' ? (
          <EmptyState icon="search" title={LL.search.noResults({ query: props.searchedText })} />
        ) : (
          <>
            <p className={styles.count}>{LL.search.results({ count: props.results.length })}</p>
            <ul className={styles.list}>
              {props.results.map((product) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    showMemberPrice={props.showMemberPrice}
                    href={navigation.href('/product/detail', { id: product.id })}
                    actionLabel={props.actionLabel}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Page>
  );
}
