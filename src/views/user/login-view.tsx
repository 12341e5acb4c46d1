// /pages/user/login: phone number, SMS code with a resend countdown, and in demo mode the code the reply
// carried, shown and filled in so a visitor can log in without a phone.
import { useId, type FormEvent } from 'react';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import styles from './user.module.css';

export interface LoginViewProps {
  phone: string;
  code: string;
  /** Seconds until a new code may be sent; 0 when it may. */
  secondsLeft: number;
  /** The code step: the code field and the resend countdown are live. */
  codeSent: boolean;
  /** A code may be requested now (first send or resend). */
  canSend: boolean;
  canVerify: boolean;
  busy: boolean;
  /**
   * A request is using the phone or the code: the field is read-only, since the flow would not take the
   * keystroke and the controlled field would silently undo it.
   */
  phoneLocked?: boolean;
  codeLocked?: boolean;
  /** Already translated; null when there is nothing to say. */
  error: string | null;
  /** Which field the error belongs to, for aria-invalid and focus. */
  errorField: 'phone' | 'code' | null;
  demoCode: string | null;
  onPhone: (phone: string) => void;
  onCode: (code: string) => void;
  onSend: () => void;
  onVerify: () => void;
  onEditPhone: () => void;
}

export function LoginView(props: LoginViewProps) {
  const { LL } = useI18nContext();
  const id = useId();
  const phoneId = `${id}-phone`;
  const codeId = `${id}-code`;
  const errorId = `${id}-error`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.codeSent) props.onVerify();
    else props.onSend();
  };
  return (
    <Page head={<PageHead title={LL.login.title()} />}>
      <form
        className={styles.form}
        onSubmit={submit}
        noValidate
        aria-describedby={props.error ? errorId : undefined}
      >
        <p className={styles.intro}>{LL.login.intro()}</p>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={phoneId}>
            {LL.login.phone()}
          </label>
          <input
            id={phoneId}
            className={styles.input}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={LL.login.phonePlaceholder()}
            value={props.phone}
            onChange={(e) => props.onPhone(e.target.value)}
            readOnly={props.codeSent || props.phoneLocked}
            aria-invalid={props.errorField === 'phone' || undefined}
            aria-describedby={props.errorField === 'phone' ? errorId : undefined}
            maxLength={20}
          />
          {props.codeSent && (
            <button
              type="button"
              className={styles.textButton}
              onClick={props.onEditPhone}
              // Leaving the code step mid-check would drop the answer of a login that may succeed.
              disabled={props.codeLocked}
            >
              {LL.login.editPhone()}
            </button>
          )}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={codeId}>
            {LL.login.code()}
          </label>
          <div className={styles.inline}>
            <input
              id={codeId}
              className={styles.input}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder={LL.login.codePlaceholder()}
              value={props.code}
              onChange={(e) => props.onCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              aria-invalid={props.errorField === 'code' || undefined}
              aria-describedby={props.errorField === 'code' ? errorId : undefined}
              maxLength={6}
              disabled={!props.codeSent}
              readOnly={props.codeLocked}
            />
            <Button
              variant="secondary"
              onClick={props.onSend}
              disabled={!props.canSend || props.busy}
              aria-live="polite"
            >
              {props.secondsLeft > 0
                ? LL.login.resendIn({ seconds: props.secondsLeft })
                : LL.login.sendCode()}
            </Button>
          </div>
        </div>
        {props.demoCode && (
          <p className={styles.demo} role="status" data-testid="demo-code">
            {LL.login.demoCode({ code: props.demoCode })}
          </p>
        )}
        {props.error && (
          <p id={errorId} className={styles.error} role="alert">
            {props.error}
          </p>
        )}
        <Button type="submit" size="large" block disabled={!props.canVerify || props.busy} busy={props.busy}>
          {LL.login.submit()}
        </Button>
      </form>
    </Page>
  );
}
