// A page whose messages live in a namespace (src/i18n/<locale>/<namespace>) renders once they have loaded,
// in the first language and after every change of language: the loading skeleton meanwhile, the async-load
// error view (spec §9) when they cannot load.
import type { ReactNode } from 'react';
import type { Namespaces } from '../i18n/i18n-types';
import { useNamespace } from '../i18n/use-namespace';
import { Page } from '../views/ui/page';
import { ErrorView } from '../views/ui/error-view';
import { PagePending } from './shell';

export function WithMessages({
  namespace,
  children,
}: {
  /** Two namespaces load side by side, not one after the other. */
  namespace: Namespaces | readonly [Namespaces, Namespaces];
  children: ReactNode;
}) {
  const [first, second] = typeof namespace === 'string' ? [namespace, namespace] : namespace;
  const states = [useNamespace(first), useNamespace(second)];
  if (states.every((state) => state === 'ready')) return children;
  if (states.includes('failed'))
    return (
      <Page>
        <ErrorView />
      </Page>
    );
  return <PagePending />;
}
