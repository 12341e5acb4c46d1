// Fields of /order/confirm that a plain input would make hard on a phone: the delivery or pickup time, chosen
// in a bottom sheet ("as soon as possible" first, then the times of each day), and the tableware sets, a
// stepper with "no cutlery". Both keep the confirm form's conventions: the id `field-<name>` a failed
// check focuses, the label, and the error under the field.
import { useId, useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-context';
import { BottomSheet } from '../ui/dialog';
import { Icon } from '../ui/icons';
import { FieldMessage, type ConfirmFieldError } from './form-fields';
import formStyles from './order.module.css';
import styles from './checkout-fields.module.css';

export interface TimeSlotGroup {
  /** "Today", "Tomorrow": the day the times belong to. */
  label: string;
  slots: readonly { value: string; time: string }[];
}

/**
 * The time of the order: the field shows the choice and opens a sheet of the times. A long native list of
 * some seventy entries is hard to scroll on a phone; the sheet puts "as soon as possible" first and the
 * other times under their day, each a tap target of its own.
 */
export function TimeField(props: {
  field: string;
  label: string;
  /** What is chosen, in words ("As soon as possible (about 12:45)", "Today 13:00"), or null. */
  chosen: string | null;
  /** The value of the chosen slot ("2026-03-02 13:00"), or null for none or "as soon as possible". */
  chosenValue: string | null;
  /** The "as soon as possible" choice, when today still has a slot for it. */
  asap: { label: string; chosen: boolean } | null;
  groups: readonly TimeSlotGroup[];
  onAsap: () => void;
  onChoose: (value: string) => void;
  error: ConfirmFieldError | null;
}) {
  const { LL } = useI18nContext();
  const [open, setOpen] = useState(false);
  const valueId = useId();
  const id = `field-${props.field}`;
  const invalid = props.error?.field === props.field;
  const close = () => setOpen(false);
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>
        {props.label}
      </label>
      <button
        type="button"
        id={id}
        className={`${formStyles.input} ${styles.picker}`}
        aria-haspopup="dialog"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${valueId} ${id}-error` : valueId}
        onClick={() => setOpen(true)}
      >
        <span id={valueId} className={props.chosen ? undefined : styles.placeholder}>
          {props.chosen ?? LL.checkout.chooseTime()}
        </span>
        <Icon name="chevron" size={1} />
      </button>
      <FieldMessage field={props.field} error={props.error} />
      <BottomSheet open={open} onClose={close} title={LL.checkout.chooseTime()}>
        {props.asap && (
          <button
            type="button"
            className={`${styles.option} ${styles.asap}`}
            aria-pressed={props.asap.chosen}
            onClick={() => {
              props.onAsap();
              close();
            }}
          >
            {props.asap.label}
          </button>
        )}
        {props.groups.map((group) => (
          <TimeGroup
            key={group.label}
            group={group}
            chosenValue={props.asap?.chosen ? null : props.chosenValue}
            onChoose={(value) => {
              props.onChoose(value);
              close();
            }}
          />
        ))}
      </BottomSheet>
    </div>
  );
}

function TimeGroup(props: {
  group: TimeSlotGroup;
  chosenValue: string | null;
  onChoose: (value: string) => void;
}) {
  const headingId = useId();
  if (props.group.slots.length === 0) return null;
  return (
    <section className={styles.day} role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.dayTitle}>
        {props.group.label}
      </h3>
      <div className={styles.slots}>
        {props.group.slots.map((slot) => (
          <button
            key={slot.value}
            type="button"
            className={styles.option}
            aria-pressed={slot.value === props.chosenValue}
            onClick={() => props.onChoose(slot.value)}
          >
            {slot.time}
          </button>
        ))}
      </div>
    </section>
  );
}

/**
 * Tableware where the shop charges per set: "no cutlery" and a stepper of sets, with the fee of one. The
 * fee row of the breakdown follows the count, so the customer sees what declining saves.
 */
export function TablewareField(props: {
  sets: number;
  max: number;
  /** The fee of one set, formatted. */
  fee: string;
  /** The count "no cutlery" gives back when tapped again (headcount at a table, one otherwise). */
  restore: number;
  onSets: (sets: number) => void;
  error: ConfirmFieldError | null;
}) {
  const { LL } = useI18nContext();
  const labelId = useId();
  const none = props.sets === 0;
  return (
    <div className={formStyles.field}>
      <span id={labelId} className={formStyles.label}>
        {LL.checkout.tableware()}
      </span>
      <div
        className={styles.tableware}
        role="group"
        aria-labelledby={labelId}
        id="field-tableware"
        tabIndex={-1}
      >
        <button
          type="button"
          className={styles.option}
          aria-pressed={none}
          onClick={() => props.onSets(none ? Math.max(1, props.restore) : 0)}
        >
          {LL.checkout.noCutlery()}
        </button>
        <div className={styles.stepper}>
          <button
            type="button"
            className={styles.step}
            aria-label={LL.checkout.tablewareFewer()}
            disabled={props.sets <= 0}
            onClick={() => props.onSets(props.sets - 1)}
          >
            −
          </button>
          <output className={styles.sets} aria-live="polite" data-testid="tableware-sets">
            {LL.checkout.tablewareSets({ count: props.sets })}
          </output>
          <button
            type="button"
            className={styles.step}
            aria-label={LL.checkout.tablewareMore()}
            disabled={props.sets >= props.max}
            onClick={() => props.onSets(props.sets + 1)}
          >
            +
          </button>
        </div>
      </div>
      <span className={formStyles.muted}>{LL.checkout.tablewarePrice({ fee: props.fee })}</span>
      <FieldMessage field="tableware" error={props.error} />
    </div>
  );
}
