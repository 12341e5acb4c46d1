// The map step of the address form (/pages/user/address/poi "location pick"): the provider's map in a
// sheet with a pin fixed at its centre; the customer drags the map under the pin, sees the place named
// there and confirms. The map itself is drawn by the map picker's service into the container given here.
import { useI18nContext } from '../../i18n/i18n-context';
import { BottomSheet } from '../ui/dialog';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import styles from './address.module.css';

export interface AddressMapViewProps {
  open: boolean;
  loading: boolean;
  naming: boolean;
  canConfirm: boolean;
  place: { name: string; detail: string } | null;
  /** The picker waits for the container to draw the map in. */
  wantsContainer: boolean;
  onAttach: (container: HTMLElement) => void;
  onConfirm: () => void;
  onClose: () => void;
}

export function AddressMapView(props: AddressMapViewProps) {
  const { LL } = useI18nContext();
  return (
    <BottomSheet
      open={props.open}
      onClose={props.onClose}
      title={LL.address.mapPick()}
      footer={
        <Button
          block
          size="large"
          onClick={props.onConfirm}
          disabled={!props.canConfirm}
          busy={props.loading || props.naming}
        >
          {LL.app.confirm()}
        </Button>
      }
    >
      <div className={styles.mapFrame} aria-busy={props.loading || undefined}>
        <div
          className={styles.map}
          data-testid="map"
          ref={(element) => {
            if (element && props.wantsContainer) props.onAttach(element);
          }}
        />
        <span className={styles.pin} aria-hidden="true">
          <Icon name="location" size={2.25} />
        </span>
        <span className={styles.pinDot} aria-hidden="true" />
      </div>
      <div className={styles.mapPlace} aria-live="polite" data-testid="map-place">
        {props.loading || props.naming ? (
          <p className={styles.muted}>{LL.app.loading()}</p>
        ) : props.place ? (
          <p>
            <strong>{props.place.name}</strong>
            <span className={styles.muted}>{props.place.detail}</span>
          </p>
        ) : null}
        <p className={styles.muted}>{LL.address.mapHint()}</p>
      </div>
    </BottomSheet>
  );
}
