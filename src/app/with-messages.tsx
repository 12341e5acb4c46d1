// A page whose messages live in a namespace (src/i18n/<locale>/<namespace>) renders once they have loaded,
// in the first language and after every change of language: the loading skeleton meanwhile, the async-load
// error view (spec §9) when they cannot load.
import type { ReactNode } from 'react';
import type { Namespaces } from '../i18n/i18n-types';
import { useNamespace } from '../i18n/use-namespace';
import { Page } from '../views/ui/page';
import { ErrorView } from '../views/ui/state-views';
import { PagePending } from './shell';

export function WithMessages({ namespace, children }: { namespace: Namespaces; children: ReactNode }) {
  const state = useNamespace(namespace);
  if (state === 'ready') return children;
  if (state === 'failed')
    return (
      <Page>
        <ErrorView />
      </Page>
    );
  return <PagePending />;
}
