// /pages/user/address/list[?select=1]: the address book flow. With select (from /order/confirm) a chosen
// address goes to the order and the page goes back; addresses need a phone login, so a device-only
// visitor is asked to log in first.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { useI18nContext } from '../../../i18n/i18n-context';
import type { addressBookMachine } from '../../../machines/address/address-book.machine';
import {
  selectAddresses,
  selectChosenId,
  selectError,
  selectIsBusy,
  selectIsLoading,
  selectLoadFailed,
} from '../../../machines/address/address-book.selectors';
import { selectHasPhone } from '../../../machines/entry/session.selectors';
import { AddressListView } from '../../../views/user/address-list-view';
import { LinkButton } from '../../../views/ui/button';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { EmptyState } from '../../../views/ui/state-views';
import { useAppState } from '../../app-state';
import { useCart } from '../../cart-state';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { addressBookFlow } from '../../flows/address-book';
import { WithMessages } from '../../with-messages';

const route = getRouteApi('/pages/user/address/list');

export function LoginFirst({ redirect }: { redirect: string }) {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  return (
    <Page head={<PageHead title={LL.address.listTitle()} />}>
      <EmptyState
        icon="user"
        title={LL.address.loginFirst()}
        action={
          <LinkButton href={navigation.href('/pages/user/login', { redirect })}>
            {LL.address.goToLogin()}
          </LinkButton>
        }
      />
    </Page>
  );
}

export default function AddressListPage() {
  return (
    <WithMessages namespace="address">
      <AddressListContent />
    </WithMessages>
  );
}

function AddressListContent() {
  const { session } = useAppState();
  const hasPhone = useSelector(session, selectHasPhone);
  if (!hasPhone) return <LoginFirst redirect="/pages/user/address/list" />;
  return <AddressBook />;
}

function AddressBook() {
  const { select } = route.useSearch();
  const { address, setAddress } = useCart();
  const navigation = useAppNavigation();
  const choosing = select !== undefined;
  const actor = useFlow(
    addressBookFlow,
    () => ({ input: { chosenId: address?.id ?? null } }),
    (book) => [
      book.on('address.chosen', (event) => {
        setAddress(event.address);
        if (choosing) navigation.back();
      }),
      book.on('navigate', (event) =>
        navigation.go(event.to.route, event.to.query, { replace: event.replace }),
      ),
    ],
  );
  if (!actor) return null;
  return <Book actor={actor} choosing={choosing} />;
}

function Book({ actor, choosing }: { actor: Actor<typeof addressBookMachine>; choosing: boolean }) {
  const addresses = useSelector(actor, selectAddresses);
  const chosenId = useSelector(actor, selectChosenId);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const busy = useSelector(actor, selectIsBusy);
  const error = useSelector(actor, selectError);
  return (
    <AddressListView
      addresses={addresses}
      chosenId={chosenId}
      choosing={choosing}
      loading={loading}
      failed={failed}
      busy={busy}
      error={error}
      onRetry={() => actor.send({ type: 'address.retry' })}
      onChoose={(id) => actor.send({ type: 'address.choose', id })}
      onEdit={(id) => actor.send({ type: 'address.edit', id })}
      onDelete={(id) => actor.send({ type: 'address.delete', id })}
      onSetDefault={(id) => actor.send({ type: 'address.setDefault', id })}
      onAdd={() => actor.send({ type: 'address.add' })}
    />
  );
}
