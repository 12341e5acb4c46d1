// /pages/user/address/add and update: name, phone, the place (found by typing: address/searchPoi, from
// the browser's position, or on the map when one is configured) and the flat number. Without a point on
// the map the address can be kept but not delivered to, and the page says so.
import { useEffect } from 'react';
import type { Poi } from '../../domain/api/address';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import styles from './address.module.css';

export interface AddressDraftView {
  contactName: string;
  phone: string;
  address: string;
  houseNumber: string;
  hasGps: boolean;
  isDefault: boolean;
}

export interface AddressEditViewProps {
  isNew: boolean;
  draft: AddressDraftView;
  fieldError: { field: string; message: string } | null;
  error: string | null;
  pois: readonly Poi[];
  searching: boolean;
  locating: boolean;
  /** The save is under way (or waits for the position): the form is locked so no edit is lost. */
  saving: boolean;
  onChange: (changes: Partial<Omit<AddressDraftView, 'hasGps'>>) => void;
  onSearch: (keyword: string) => void;
  onPick: (index: number) => void;
  onLocate: () => void;
  onSave: () => void;
  /** A browser map is configured: offer picking the point on it. */
  mapOffered?: boolean;
  mapLoading?: boolean;
  /** "Map load failed." (the typed search still works). */
  mapError?: string | null;
  onOpenMap?: () => void;
}

export function AddressEditView(props: AddressEditViewProps) {
  const { LL } = useI18nContext();
  const { draft, fieldError } = props;
  useEffect(() => {
    if (fieldError) document.getElementById(`address-${fieldError.field}`)?.focus();
  }, [fieldError]);
  const invalid = (field: string) =>
    fieldError?.field === field
      ? { 'aria-invalid': true as const, 'aria-describedby': `address-${field}-error` }
      : {};
  const message = (field: string) =>
    fieldError?.field === field ? (
      <p id={`address-${field}-error`} className={styles.fieldError} role="alert">
        {fieldError.message}
      </p>
    ) : null;
  return (
    <Page
      head={<PageHead title={props.isNew ? LL.address.addTitle() : LL.address.editTitle()} />}
      bottomBar={4.5}
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          props.onSave();
        }}
        noValidate
      >
        {props.error && (
          <p className={styles.banner} role="alert">
            {props.error}
          </p>
        )}
        <div className={styles.field}>
          <label htmlFor="address-contactName" className={styles.label}>
            {LL.address.name()}
          </label>
          <input
            id="address-contactName"
            className={styles.input}
            autoComplete="name"
            value={draft.contactName}
            disabled={props.saving}
            onChange={(e) => props.onChange({ contactName: e.target.value })}
            {...invalid('contactName')}
          />
          {message('contactName')}
        </div>
        <div className={styles.field}>
          <label htmlFor="address-phone" className={styles.label}>
            {LL.address.phone()}
          </label>
          <input
            id="address-phone"
            className={styles.input}
            type="tel"
            autoComplete="tel"
            value={draft.phone}
            disabled={props.saving}
            onChange={(e) => props.onChange({ phone: e.target.value })}
            {...invalid('phone')}
          />
          {message('phone')}
        </div>
        <div className={styles.field}>
          <label htmlFor="address-address" className={styles.label}>
            {LL.address.place()}
          </label>
          <div className={styles.searchRow}>
            <input
              id="address-address"
              className={styles.input}
              type="search"
              autoComplete="street-address"
              value={draft.address}
              disabled={props.saving}
              placeholder={LL.address.placePlaceholder()}
              onChange={(e) => {
                props.onChange({ address: e.target.value });
                props.onSearch(e.target.value);
              }}
              {...invalid('address')}
            />
            <button
              type="button"
              className={styles.locate}
              onClick={props.onLocate}
              disabled={props.locating || props.saving}
              aria-label={LL.address.locate()}
            >
              <Icon name="location" size={1.25} />
            </button>
          </div>
          {message('address')}
          <p className={draft.hasGps ? styles.muted : styles.warning} data-testid="gps-state">
            {props.locating ? LL.address.locating() : draft.hasGps ? LL.address.hasGps() : LL.address.noGps()}
          </p>
          {props.pois.length > 0 && (
            <ul className={styles.pois} aria-label={LL.address.places()}>
              {props.pois.map((poi, index) => (
                <li key={`${poi.name}-${index}`}>
                  <button
                    type="button"
                    className={styles.poi}
                    onClick={() => props.onPick(index)}
                    disabled={props.saving}
                  >
                    <strong>{poi.name}</strong>
                    <span className={styles.muted}>
                      {poi.city} {poi.address}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {props.searching && <p className={styles.muted}>{LL.app.loading()}</p>}
          {props.mapOffered && (
            <button
              type="button"
              className={styles.mapPick}
              onClick={props.onOpenMap}
              disabled={props.mapLoading || props.saving}
              aria-busy={props.mapLoading || undefined}
            >
              <Icon name="location" size={1.125} />
              {LL.address.mapPick()}
            </button>
          )}
          {props.mapError && (
            <p className={styles.fieldError} role="alert" data-testid="map-error">
              {props.mapError}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label htmlFor="address-houseNumber" className={styles.label}>
            {LL.address.houseNumber()}
          </label>
          <input
            id="address-houseNumber"
            className={styles.input}
            value={draft.houseNumber}
            disabled={props.saving}
            placeholder={LL.address.houseNumberPlaceholder()}
            onChange={(e) => props.onChange({ houseNumber: e.target.value })}
            {...invalid('houseNumber')}
          />
          {message('houseNumber')}
        </div>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={draft.isDefault}
            disabled={props.saving}
            onChange={(e) => props.onChange({ isDefault: e.target.checked })}
          />
          <span>{LL.address.makeDefault()}</span>
        </label>
        <div className={styles.bottomBar}>
          <Button block size="large" type="submit" disabled={props.saving} busy={props.saving}>
            {LL.app.save()}
          </Button>
        </div>
      </form>
    </Page>
  );
}
