// /product/search?q=: the product search flow; `q` starts a search, e.g. from a shared link.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { productSearchMachine } from '../../../machines/catalog/product-search.machine';
import {
  selectResults,
  selectSearchedText,
  selectSearchState,
  selectText,
} from '../../../machines/catalog/product-search.selectors';
import { useI18nContext } from '../../../i18n/i18n-context';
import { searchPlaceholder } from '../../../i18n/industry-words';
import { ProductSearchView } from '../../../views/product/product-search-view';
import { booksAppointments } from '../../appointment-shop';
import { RequireShop } from '../../require-shop';
import { useFlow } from '../../use-flow';
import { productSearchFlow } from '../../flows/product-search';

const route = getRouteApi('/product/search');

export default function ProductSearchPage() {
  const { q } = route.useSearch();
  const actor = useFlow(productSearchFlow, () => ({ input: q ? { text: q } : {} }));
  return (
    <RequireShop>
      {(shop) =>
        actor ? (
          <Search
            actor={actor}
            showMemberPrice={shop.showVipPrice}
            industry={shop.industry}
            books={booksAppointments(shop)}
          />
        ) : null
      }
    </RequireShop>
  );
}

function Search({
  actor,
  showMemberPrice,
  industry,
  books,
}: {
  actor: Actor<typeof productSearchMachine>;
  showMemberPrice: boolean;
  industry: number;
  /** A beauty shop's results are services to book, not products for a cart. */
  books: boolean;
}) {
  const { LL } = useI18nContext();
  const text = useSelector(actor, selectText);
  const searchedText = useSelector(actor, selectSearchedText);
  const results = useSelector(actor, selectResults);
  const state = useSelector(actor, selectSearchState);
  return (
    <ProductSearchView
      text={text}
      searchedText={searchedText}
      state={state}
      results={results}
      showMemberPrice={showMemberPrice}
      placeholder={searchPlaceholder(LL, industry)}
      onText={(value) => actor.send({ type: 'search.type', text: value })}
      onClear={() => actor.send({ type: 'search.clear' })}
      onRetry={() => actor.send({ type: 'search.retry' })}
      actionLabel={books ? LL.tabs.appointment() : undefined}
    />
  );
}
