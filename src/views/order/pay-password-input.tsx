// The member card's pay password (spec §9: 6 digits): one real field, so screen readers, paste and the
// phone's numeric keyboard all work, drawn as six boxes with a dot per digit typed. Six digits submit the
// form, as a payment keypad does; the count is announced as it changes.
import { useEffect, useId, useRef, useState } from 'react';
import styles from './pay-panel.module.css';

export const PAY_PASSWORD_LENGTH = 6;

export function PayPasswordInput(props: {
  name: string;
  label: string;
  enteredText: (count: number) => string;
  /** The last password was wrong: the field is marked and starts empty again. */
  invalid: boolean;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className={styles.passwordField}>
      <label htmlFor={id} className={styles.passwordLabel}>
        {props.label}
      </label>
      <div className={styles.boxes}>
        <input
          ref={ref}
          id={id}
          name={props.name}
          className={styles.passwordInput}
          type="password"
          inputMode="numeric"
          pattern="[0-9]{6}"
          maxLength={PAY_PASSWORD_LENGTH}
          autoComplete="off"
          aria-invalid={props.invalid || undefined}
          aria-describedby={`${id}-count`}
          value={value}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '').slice(0, PAY_PASSWORD_LENGTH);
            setValue(digits);
            if (digits.length === PAY_PASSWORD_LENGTH) event.target.form?.requestSubmit();
          }}
        />
        {Array.from({ length: PAY_PASSWORD_LENGTH }, (_, i) => (
          <span
            key={i}
            className={`${styles.box} ${i === value.length ? styles.boxCurrent : ''}`}
            aria-hidden="true"
          >
            {i < value.length ? '•' : ''}
          </span>
        ))}
      </div>
      <span id={`${id}-count`} className="visually-hidden" aria-live="polite">
        {props.enteredText(value.length)}
      </span>
    </div>
  );
}
