// /product/table: the table the customer sits at (from the QR code, the in-page camera scanner or a typed
// code), the headcount (1 … the table's seats) and a note for the kitchen, before ordering from the menu.
import { useEffect, useRef, useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import styles from '../order/order.module.css';

export interface TableViewProps {
  /** "Main floor B3" once the table is known. */
  tableName: string | null;
  maxPerson: number | null;
  person: number | null;
  note: string;
  /** The problem in words, or null. */
  error: string | null;
  /** Which field the error concerns: the table (code, scan) or the headcount and note. */
  errorField: 'table' | 'person' | 'note' | null;
  resolving: boolean;
  scanning: boolean;
  needsTable: boolean;
  /** The scanner can be opened (not while a table is loading). */
  canScan: boolean;
  /** A table is resolved and nothing is loading or scanning: 开始点餐 works. */
  canConfirm: boolean;
  onScan: (video: HTMLVideoElement | null) => void;
  onCancelScan: () => void;
  onEnterCode: (code: string) => void;
  onPerson: (person: number | null) => void;
  onNote: (note: string) => void;
  onConfirm: () => void;
}

export function TableView(props: TableViewProps) {
  const { LL } = useI18nContext();
  const video = useRef<HTMLVideoElement>(null);
  const [code, setCode] = useState('');
  useEffect(() => {
    if (props.errorField) document.getElementById(`table-${props.errorField}`)?.focus();
  }, [props.errorField, props.error]);
  const errorFor = (field: TableViewProps['errorField']) =>
    props.errorField === field && props.error ? (
      <p id={`table-${field}-error`} className={styles.fieldError} role="alert">
        {props.error}
      </p>
    ) : null;
  const described = (field: TableViewProps['errorField']) =>
    props.errorField === field && props.error
      ? { 'aria-invalid': true as const, 'aria-describedby': `table-${field}-error` }
      : {};

  return (
    <Page head={<PageHead title={LL.checkout.tablePage.title()} />} bottomBar={props.needsTable ? 0 : 4.5}>
      <section className={styles.section} aria-labelledby="table-where">
        <h2 id="table-where" className={styles.sectionTitle}>
          {LL.checkout.tablePage.where()}
        </h2>
        {props.resolving ? (
          <SkeletonRegion label={LL.app.loading()}>
            <CardSkeleton />
          </SkeletonRegion>
        ) : props.tableName ? (
          <p className={styles.tableRow}>
            <strong data-testid="table-name">{LL.checkout.tableIs({ name: props.tableName })}</strong>
          </p>
        ) : null}
        <video
          ref={video}
          className={props.scanning ? styles.scanner : 'visually-hidden'}
          muted
          playsInline
          aria-label={LL.checkout.tablePage.camera()}
        />
        {props.scanning ? (
          <Button variant="secondary" block onClick={props.onCancelScan}>
            {LL.app.cancel()}
          </Button>
        ) : (
          <Button
            variant={props.needsTable ? 'primary' : 'secondary'}
            block
            disabled={!props.canScan}
            onClick={() => props.onScan(video.current)}
          >
            <Icon name="search" size={1} /> {LL.checkout.tablePage.scan()}
          </Button>
        )}
        {props.needsTable && (
          <form
            className={styles.field}
            style={{ marginTop: '0.75rem' }}
            onSubmit={(event) => {
              event.preventDefault();
              props.onEnterCode(code);
            }}
          >
            <label htmlFor="table-table" className={styles.label}>
              {LL.checkout.table()}
            </label>
            <div className={styles.tableRow} style={{ margin: 0 }}>
              <input
                id="table-table"
                className={styles.input}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                {...described('table')}
              />
              <Button type="submit" variant="secondary">
                {LL.app.confirm()}
              </Button>
            </div>
          </form>
        )}
        {errorFor('table')}
      </section>

      {!props.needsTable && props.tableName && (
        <section className={styles.section}>
          <div className={styles.field}>
            <label htmlFor="table-person" className={styles.label}>
              {LL.checkout.person({ max: props.maxPerson ?? 99 })}
            </label>
            <input
              id="table-person"
              className={styles.input}
              type="number"
              inputMode="numeric"
              min={1}
              max={props.maxPerson ?? undefined}
              value={props.person ?? ''}
              onChange={(e) => {
                const n = e.target.value.trim() === '' ? null : Number(e.target.value);
                props.onPerson(n !== null && Number.isFinite(n) ? n : null);
              }}
              {...described('person')}
            />
            {errorFor('person')}
          </div>
          <div className={styles.field}>
            <label htmlFor="table-note" className={styles.label}>
              {LL.checkout.note()}
            </label>
            <textarea
              id="table-note"
              className={styles.input}
              rows={2}
              value={props.note}
              placeholder={LL.checkout.notePlaceholder()}
              onChange={(e) => props.onNote(e.target.value)}
              {...described('note')}
            />
            {errorFor('note')}
          </div>
        </section>
      )}

      {!props.needsTable && props.tableName && (
        <div className={styles.submitBar}>
          <div className={styles.submitInner}>
            <Button size="large" block disabled={!props.canConfirm} onClick={props.onConfirm}>
              {LL.checkout.tablePage.startOrdering()}
            </Button>
          </div>
        </div>
      )}
    </Page>
  );
}
