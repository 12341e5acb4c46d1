// /pages/user/address/list: the customer's delivery addresses. When an order is waiting for one, a tap
// chooses it; otherwise the list is for keeping them (edit, delete, make default, add).
import type { Address } from '../../domain/api/address';
import { errorText } from '../../i18n/error-text';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState, ErrorView } from '../ui/state-views';
import styles from './address.module.css';

export interface AddressListViewProps {
  addresses: readonly Address[];
  chosenId: number | null;
  /** An order waits for an address: a tap on one chooses it. */
  choosing: boolean;
  loading: boolean;
  failed: boolean;
  /** A delete, a default change or a reload is under way: the cards' buttons wait for it. */
  busy: boolean;
  error: string | null;
  onRetry: () => void;
  onChoose: (id: number) => void;
  onEdit: (id: number) => void;
  onDelete: (id: number) => void;
  onSetDefault: (id: number) => void;
  onAdd: () => void;
}

export function AddressListView(props: AddressListViewProps) {
  const { LL } = useI18nContext();
  const head = <PageHead title={props.choosing ? LL.address.chooseTitle() : LL.address.listTitle()} />;
  const addButton = (
    <div className={styles.bottomBar}>
      <Button block size="large" onClick={props.onAdd}>
        {LL.address.add()}
      </Button>
    </div>
  );
  if (props.failed)
    return (
      <Page head={head}>
        <ErrorView message={props.error ?? undefined} onRetry={props.onRetry} />
      </Page>
    );
  return (
    <Page head={head} bottomBar={4.5}>
      {props.error && (
        <p className={styles.banner} role="alert">
          {errorText(LL, props.error)}
        </p>
      )}
      {props.loading ? (
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
          <CardSkeleton />
        </SkeletonRegion>
      ) : props.addresses.length === 0 ? (
        <EmptyState icon="location" title={LL.address.empty()} description={LL.address.emptyHint()} />
      ) : (
        <ul className={styles.list} aria-busy={props.busy || undefined}>
          {props.addresses.map((a) => (
            <li key={a.id} className={styles.card} data-testid="address">
              <button
                type="button"
                className={styles.cardMain}
                onClick={() => (props.choosing ? props.onChoose(a.id) : props.onEdit(a.id))}
                disabled={props.busy}
                aria-current={props.choosing && a.id === props.chosenId ? 'true' : undefined}
              >
                <Icon name="location" size={1.25} />
                <span className={styles.cardText}>
                  <strong>
                    {a.address} {a.houseNumber}
                  </strong>
                  <span className={styles.muted}>
                    {a.contactName} {a.phone}
                  </span>
                  {!a.gps && <span className={styles.warning}>{LL.address.noGps()}</span>}
                </span>
                {a.isDefault && <span className={styles.tag}>{LL.address.default()}</span>}
              </button>
              <div className={styles.cardTools}>
                {!a.isDefault && (
                  <button
                    type="button"
                    className={styles.tool}
                    onClick={() => props.onSetDefault(a.id)}
                    disabled={props.busy}
                  >
                    {LL.address.makeDefault()}
                  </button>
                )}
                <button
                  type="button"
                  className={styles.tool}
                  onClick={() => props.onEdit(a.id)}
                  disabled={props.busy}
                  aria-label={LL.address.editOne({ address: a.address })}
                >
                  {LL.address.edit()}
                </button>
                <button
                  type="button"
                  className={styles.tool}
                  onClick={() => props.onDelete(a.id)}
                  disabled={props.busy}
                  aria-label={LL.address.deleteOne({ address: a.address })}
                >
                  {LL.address.delete()}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {addButton}
    </Page>
  );
}
