// The confirm forms' fields: labelled inputs, selects and checkboxes that carry their error (described
// by it, focused when a check stops there), shared by /order/confirm and /order/multi-confirm.
import { useEffect } from 'react';
import { useI18nContext } from '../../i18n/i18n-context';
import { Icon } from '../ui/icons';
import styles from './order.module.css';

export interface ConfirmFieldError {
  field: string;
  message: string;
}

export interface SlotOption {
  value: string;
  label: string;
}

/** Focuses the field a check stopped at (its element has id `field-<name>`). */
export function useFocusField(error: ConfirmFieldError | null) {
  useEffect(() => {
    if (!error) return;
    const element = document.getElementById(`field-${error.field}`);
    if (element) {
      element.focus();
      element.scrollIntoView({ block: 'center' });
    }
  }, [error]);
}

export function FieldMessage({ field, error }: { field: string; error: ConfirmFieldError | null }) {
  if (error?.field !== field) return null;
  return (
    <p id={`field-${field}-error`} className={styles.fieldError} role="alert">
      {error.message}
    </p>
  );
}

/** Props an input needs to carry its error state and description. */
export const fieldProps = (field: string, error: ConfirmFieldError | null) => ({
  id: `field-${field}`,
  'aria-invalid': error?.field === field ? true : undefined,
  'aria-describedby': error?.field === field ? `field-${field}-error` : undefined,
});

/** A labelled text input of the form with its error. */
export function TextField(props: {
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: ConfirmFieldError | null;
  type?: 'text' | 'tel' | 'number';
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  onBlur?: () => void;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`field-${props.field}`}>
        {props.label}
      </label>
      <input
        className={styles.input}
        {...fieldProps(props.field, props.error)}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
      />
      <FieldMessage field={props.field} error={props.error} />
    </div>
  );
}

/** A labelled select of time slots with its error. */
export function SlotField(props: {
  field: string;
  label: string;
  value: string;
  options: readonly SlotOption[];
  placeholder: string;
  onChange: (value: string) => void;
  error: ConfirmFieldError | null;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`field-${props.field}`}>
        {props.label}
      </label>
      <select
        className={styles.input}
        {...fieldProps(props.field, props.error)}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessage field={props.field} error={props.error} />
    </div>
  );
}

export function CheckField(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className={styles.check} htmlFor={props.id}>
      <input
        id={props.id}
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <span>{props.label}</span>
    </label>
  );
}

/** The delivery address row: the chosen address or a prompt, leading to the address book. */
export function AddressRow(props: {
  href: string;
  address: { title: string; detail: string } | null;
  error: ConfirmFieldError | null;
}) {
  const { LL } = useI18nContext();
  return (
    <div className={styles.field}>
      <a
        className={styles.addressCard}
        href={props.href}
        {...fieldProps('address', props.error)}
        aria-invalid={undefined}
      >
        <Icon name="location" size={1.25} />
        <span className={styles.addressText}>
          {props.address ? (
            <>
              <strong>{props.address.title}</strong>
              <span className={styles.muted}>{props.address.detail}</span>
            </>
          ) : (
            <strong>{LL.checkout.chooseAddress()}</strong>
          )}
        </span>
        <Icon name="chevron" size={1} />
      </a>
      <FieldMessage field="address" error={props.error} />
    </div>
  );
}

/** The pay-type choice of a confirm page (spec §3 payment methods), with its field error. */
export function PayTypeSection(props: {
  headingId: string;
  title: string;
  options: readonly { value: string; label: string }[];
  value: string | null;
  onChange: (value: string) => void;
  error: ConfirmFieldError | null;
}) {
  return (
    <section className={styles.section} aria-labelledby={props.headingId}>
      <h2 id={props.headingId} className={styles.sectionTitle}>
        {props.title}
      </h2>
      <div
        className={styles.payOptions}
        role="radiogroup"
        aria-labelledby={props.headingId}
        id="field-payType"
        tabIndex={-1}
      >
        {props.options.map((option) => (
          <label key={option.value} className={styles.check}>
            <input
              type="radio"
              name="payType"
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldMessage field="payType" error={props.error} />
    </section>
  );
}
