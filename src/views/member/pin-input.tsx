// A 6-digit PIN (the member card's pay password, spec §9): one real password field under six drawn boxes,
// so the keyboard, paste, the phone's numeric pad, password managers and screen readers all work on the
// field itself; the count of digits typed is announced as it changes. The value is the caller's (the
// payPassword machine holds it), so a step change empties the field by itself.
import { useEffect, useId, useRef } from 'react';
import { PAY_PASSWORD_LENGTH } from '../../machines/member/pay-password.rules';
import styles from './member.module.css';

export interface PinInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Six digits typed: the caller submits, as a payment keypad does. */
  onComplete: () => void;
  enteredText: (count: number) => string;
  /** The id of the message that explains what is wrong, when something is. */
  errorId?: string;
  disabled?: boolean;
  name?: string;
}

export function PinInput({
  label,
  value,
  onChange,
  onComplete,
  enteredText,
  errorId,
  disabled,
  name,
}: PinInputProps) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  // A new step (a new label) puts the cursor in its field, as the pay panel's password does.
  useEffect(() => {
    if (!disabled) ref.current?.focus();
  }, [label, disabled]);
  return (
    <div className={styles.pinField}>
      <label htmlFor={id} className={styles.pinLabel}>
        {label}
      </label>
      <div className={`${styles.pinBoxes} ${errorId ? styles.pinInvalid : ''}`}>
        <input
          ref={ref}
          id={id}
          name={name}
          className={styles.pinInput}
          type="password"
          inputMode="numeric"
          pattern="[0-9]{6}"
          maxLength={PAY_PASSWORD_LENGTH}
          autoComplete="off"
          disabled={disabled}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={[errorId, `${id}-count`].filter(Boolean).join(' ')}
          value={value}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '').slice(0, PAY_PASSWORD_LENGTH);
            onChange(digits);
            if (digits.length === PAY_PASSWORD_LENGTH) onComplete();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onComplete();
            }
          }}
          data-testid="pin-input"
        />
        {Array.from({ length: PAY_PASSWORD_LENGTH }, (_, i) => (
          <span
            key={i}
            className={`${styles.pinBox} ${i === value.length ? styles.pinCurrent : ''}`}
            aria-hidden="true"
          >
            {i < value.length ? '•' : ''}
          </span>
        ))}
      </div>
      <span id={`${id}-count`} className="visually-hidden" aria-live="polite">
        {enteredText(value.length)}
      </span>
    </div>
  );
}
