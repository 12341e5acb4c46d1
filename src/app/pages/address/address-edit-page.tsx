// /pages/user/address/add and /pages/user/address/update?id=: the address editor flow. The place is
// found with address/searchPoi near the shop (typed address), the browser's position, or, when a browser
// map key is configured, on the map (the map picker flow); a saved address returns to the list.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { fromPromise, type Actor } from 'xstate';
import type { Address } from '../../../domain/api/address';
import type { ShopInfo } from '../../../domain/shop';
import { errorText } from '../../../i18n/error-text';
import { useI18nContext } from '../../../i18n/i18n-context';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type {
  AddressErrorReason,
  addressEditorMachine,
} from '../../../machines/address/address-editor.machine';
import type { mapPickerMachine } from '../../../machines/address/map-picker.machine';
import * as mapSelect from '../../../machines/address/map-picker.selectors';
import {
  selectDraft,
  selectError,
  selectFieldError,
  selectHasGps,
  selectIsLocating,
  selectIsNew,
  selectIsSaving,
  selectIsSearching,
  selectPois,
} from '../../../machines/address/address-editor.selectors';
import { resourceMachine } from '../../../machines/shared/resource.machine';
import { selectData, selectFailed } from '../../../machines/shared/resource.selectors';
import { selectHasPhone, selectUser } from '../../../machines/entry/session.selectors';
import { addressApi } from '../../../services/api/address';
import { AddressEditView } from '../../../views/user/address-edit-view';
import { AddressMapView } from '../../../views/user/address-map-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { ErrorView } from '../../../views/ui/state-views';
import { useAppState } from '../../app-state';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';
import { addressEditorFlow } from '../../flows/address-editor';
import { mapPickerFlow } from '../../flows/map-picker';
import { LoginFirst } from './address-list-page';

const updateRoute = getRouteApi('/pages/user/address/update');

const addressDetail = resourceMachine.provide({
  actors: { load: fromPromise(({ input }) => addressApi.detail(input as { id: number })) },
});

const REASONS: readonly string[] = [
  'nameRequired',
  'phoneRequired',
  'phoneInvalid',
  'addressRequired',
  'tooLong',
  'geoUnsupported',
  'geoDenied',
  'geoUnavailable',
  'geoTimeout',
] satisfies AddressErrorReason[];

/** A reason key in words; request-layer failures are the server's text or a request-layer key. */
const addressErrorText = (LL: TranslationFunctions, error: string): string =>
  REASONS.includes(error) ? LL.address.error[error as AddressErrorReason]() : errorText(LL, error);

export function AddressAddPage() {
  return (
    <Guarded redirect="/pages/user/address/add">{(shop) => <Editor shop={shop} address={null} />}</Guarded>
  );
}

/** /pages/user/address/poi (location pick): a new address, starting on the map when one is configured. */
export function AddressPoiPage() {
  return (
    <Guarded redirect="/pages/user/address/poi">
      {(shop) => <Editor shop={shop} address={null} startOnMap />}
    </Guarded>
  );
}

export function AddressUpdatePage() {
  const { id } = updateRoute.useSearch();
  return (
    <Guarded redirect="/pages/user/address/list">
      {(shop) => (id === undefined ? <LoadFailed /> : <LoadThenEdit shop={shop} id={id} />)}
    </Guarded>
  );
}

function Guarded({ redirect, children }: { redirect: string; children: (shop: ShopInfo) => ReactNode }) {
  return (
    <WithMessages namespace="address">
      <GuardedContent redirect={redirect}>{children}</GuardedContent>
    </WithMessages>
  );
}

function GuardedContent({
  redirect,
  children,
}: {
  redirect: string;
  children: (shop: ShopInfo) => ReactNode;
}) {
  const { session } = useAppState();
  const hasPhone = useSelector(session, selectHasPhone);
  if (!hasPhone) return <LoginFirst redirect={redirect} />;
  return <RequireShop>{children}</RequireShop>;
}

function LoadFailed() {
  const { LL } = useI18nContext();
  return (
    <Page head={<PageHead title={LL.address.editTitle()} />}>
      <ErrorView message={LL.address.notFound()} />
    </Page>
  );
}

function LoadThenEdit({ shop, id }: { shop: ShopInfo; id: number }) {
  const { LL } = useI18nContext();
  const actor = useFlow(addressDetail, () => ({ input: { params: { id } } }));
  const address = useSelector(actor ?? undefined, (s) => (s ? selectData<Address>(s) : null));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  if (failed) return <LoadFailed />;
  if (!address)
    return (
      <Page head={<PageHead title={LL.address.editTitle()} />}>
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
        </SkeletonRegion>
      </Page>
    );
  return <Editor shop={shop} address={address} />;
}

function Editor({
  shop,
  address,
  startOnMap = false,
}: {
  shop: ShopInfo;
  address: Address | null;
  startOnMap?: boolean;
}) {
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const actor = useFlow(
    addressEditorFlow,
    () => {
      const user = selectUser(session.getSnapshot());
      return {
        input: {
          address,
          near: shop.gpsAddress,
          contact: { name: user?.customer.nickname ?? '', phone: user?.customer.phone ?? '' },
        },
      };
    },
    (editor) => [editor.on('address.saved', () => navigation.back())],
  );
  const picker = useFlow(mapPickerFlow, () => ({
    input: { near: address?.gps ?? shop.gpsAddress, openAtStart: startOnMap },
  }));
  if (!actor || !picker) return null;
  return <Form actor={actor} picker={picker} />;
}

function Form({
  actor,
  picker,
}: {
  actor: Actor<typeof addressEditorMachine>;
  picker: Actor<typeof mapPickerMachine>;
}) {
  const { LL } = useI18nContext();
  const draft = useSelector(actor, selectDraft);
  const isNew = useSelector(actor, selectIsNew);
  const pois = useSelector(actor, selectPois);
  const fieldError = useSelector(actor, selectFieldError);
  const error = useSelector(actor, selectError);
  const hasGps = useSelector(actor, selectHasGps);
  const locating = useSelector(actor, selectIsLocating);
  const searching = useSelector(actor, selectIsSearching);
  const saving = useSelector(actor, selectIsSaving);
  const mapOffered = useSelector(picker, mapSelect.selectMapOffered);
  const mapLoading = useSelector(picker, mapSelect.selectIsLoading);
  const mapError = useSelector(picker, mapSelect.selectError);
  // The point chosen on the map fills the form as a place picked from the search list does.
  useEffect(() => {
    const picked = picker.on('map.picked', (event) =>
      actor.send({ type: 'editor.pickPlace', gps: event.gps, address: event.address }),
    );
    return () => picked.unsubscribe();
  }, [picker, actor]);
  return (
    <>
      <AddressEditView
        isNew={isNew}
        draft={{ ...draft, hasGps }}
        fieldError={
          fieldError ? { field: fieldError.field, message: addressErrorText(LL, fieldError.reason) } : null
        }
        error={error ? addressErrorText(LL, error) : null}
        pois={pois}
        searching={searching}
        locating={locating}
        saving={saving}
        onChange={(changes) => actor.send({ type: 'editor.set', changes })}
        onSearch={(keyword) => actor.send({ type: 'editor.search', keyword })}
        onPick={(index) => actor.send({ type: 'editor.pickPoi', index })}
        onLocate={() => actor.send({ type: 'editor.locate' })}
        onSave={() => actor.send({ type: 'editor.save' })}
        mapOffered={mapOffered}
        mapLoading={mapLoading}
        mapError={mapError ? LL.address.mapFailed() : null}
        onOpenMap={() => picker.send({ type: 'map.open', center: draft.gps })}
      />
      <MapStep picker={picker} />
    </>
  );
}

function MapStep({ picker }: { picker: Actor<typeof mapPickerMachine> }) {
  const open = useSelector(picker, mapSelect.selectIsOpen);
  const loading = useSelector(picker, mapSelect.selectIsLoading);
  const naming = useSelector(picker, mapSelect.selectIsNaming);
  const canConfirm = useSelector(picker, mapSelect.selectCanConfirm);
  const place = useSelector(picker, mapSelect.selectPlace);
  const wantsContainer = useSelector(picker, mapSelect.selectWantsContainer);
  return (
    <AddressMapView
      open={open}
      loading={loading}
      naming={naming}
      canConfirm={canConfirm}
      place={
        place ? { name: place.name, detail: [place.city, place.address].filter(Boolean).join(' ') } : null
      }
      wantsContainer={wantsContainer}
      onAttach={(container) => picker.send({ type: 'map.attach', container })}
      onConfirm={() => picker.send({ type: 'map.confirm' })}
      onClose={() => picker.send({ type: 'map.close' })}
    />
  );
}
