// /member/edit-paypassword and /member/forgot-paypassword: one PIN step at a time (original, new, repeat),
// the SMS step before a forgotten one, the saved and failed ends. Everything it shows comes from the
// payPassword actor through its selectors; everything it does is an event to it.
import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useI18nContext } from '../../i18n/i18n-context';
import type { PayPasswordError, payPasswordMachine } from '../../machines/member/pay-password.machine';
import * as select from '../../machines/member/pay-password.selectors';
import { Button, LinkButton } from '../ui/button';
import { ErrorView } from '../ui/error-view';
import { MemberIcon } from './member-icons';
import { PinInput } from './pin-input';
import styles from './member.module.css';

type Actor = ActorRefFrom<typeof payPasswordMachine>;

export function PayPasswordView({
  actor,
  forgotHref,
  doneHref,
}: {
  actor: Actor;
  /** The way to reset a forgotten original (shown on the original's step). */
  forgotHref: string;
  doneHref: string;
}) {
  const { LL } = useI18nContext();
  const step = useSelector(actor, select.selectStep);
  const mode = useSelector(actor, select.selectMode);
  const error = useSelector(actor, select.selectError);
  const errorId = useId();
  const message = error ? <ErrorMessage id={errorId} error={error} /> : null;

  if (step === 'saved') {
    const saved = {
      set: LL.member.password.savedSet,
      change: LL.member.password.savedChange,
      forgot: LL.member.password.savedForgot,
    };
    return (
      <div className={styles.done} role="status">
        <span className={styles.doneIcon}>
          <MemberIcon name="check" size={1.75} />
        </span>
        <p>{saved[mode]()}</p>
        <LinkButton href={doneHref} block>
          {LL.member.password.backToCard()}
        </LinkButton>
      </div>
    );
  }
  if (step === 'failed')
    return (
      <ErrorView message={LL.member.password.failed()} onRetry={() => actor.send({ type: 'pin.retry' })} />
    );
  if (step === 'sms')
    return <SmsStep actor={actor} message={message} errorId={error ? errorId : undefined} />;
  return (
    <PinStep
      actor={actor}
      step={step}
      message={message}
      errorId={error ? errorId : undefined}
      forgotHref={step === 'original' ? forgotHref : null}
    />
  );
}

function PinStep({
  actor,
  step,
  message,
  errorId,
  forgotHref,
}: {
  actor: Actor;
  step: 'original' | 'newPassword' | 'repeat' | 'saving';
  message: ReactNode;
  errorId: string | undefined;
  forgotHref: string | null;
}) {
  const { LL } = useI18nContext();
  const pin = useSelector(actor, select.selectPin);
  const busy = useSelector(actor, select.selectIsBusy);
  const canStartOver = useSelector(actor, select.selectCanStartOver);
  const label = {
    original: LL.member.password.original(),
    newPassword: LL.member.password.newPassword(),
    repeat: LL.member.password.repeat(),
    saving: LL.member.password.repeat(),
  }[step];
  return (
    <form
      className={styles.pinStep}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'pin.submit' });
      }}
      aria-busy={busy || undefined}
    >
      <p className={styles.pinHint}>{LL.member.password.hint()}</p>
      <PinInput
        key={step}
        label={label}
        name={step}
        value={pin}
        disabled={busy}
        onChange={(value) => actor.send({ type: 'pin.input', value })}
        onComplete={() => actor.send({ type: 'pin.submit' })}
        enteredText={(count) => LL.member.password.entered({ count })}
        errorId={errorId}
      />
      {message}
      {busy && (
        <p className={styles.pinHint} role="status">
          {LL.member.password.saving()}
        </p>
      )}
      <div className={styles.pinActions}>
        <Button type="submit" block disabled={busy} busy={busy}>
          {LL.member.password.next()}
        </Button>
        {canStartOver && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => actor.send({ type: 'pin.startOver' })}
          >
            {LL.member.password.startOver()}
          </button>
        )}
        {forgotHref && (
          <a className={styles.linkButton} href={forgotHref}>
            {LL.member.password.forgot()}
          </a>
        )}
      </div>
    </form>
  );
}

function SmsStep({
  actor,
  message,
  errorId,
}: {
  actor: Actor;
  message: ReactNode;
  errorId: string | undefined;
}) {
  const { LL } = useI18nContext();
  const id = useId();
  const phone = useSelector(actor, select.selectPhone);
  const code = useSelector(actor, select.selectCode);
  const codeStep = useSelector(actor, select.selectIsCodeStep);
  const canSend = useSelector(actor, select.selectCanSend);
  const canResend = useSelector(actor, select.selectCanResend);
  const canVerify = useSelector(actor, select.selectCanVerify);
  const canEdit = useSelector(actor, select.selectCanEditCode);
  const seconds = useSelector(actor, select.selectSecondsLeft);
  const demoCode = useSelector(actor, select.selectDemoCode);
  const busy = useSelector(actor, select.selectIsBusy);
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send(codeStep ? { type: 'sms.verify' } : { type: 'sms.send' });
      }}
    >
      <p className={styles.notice} style={{ margin: '0.75rem 0 0' }}>
        {LL.member.password.sendTo({ phone: maskPhone(phone) })}
      </p>
      <div className={styles.field}>
        <label htmlFor={id}>{LL.member.password.code()}</label>
        <div className={styles.codeRow}>
          <input
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            readOnly={!canEdit}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => actor.send({ type: 'sms.setCode', code: event.target.value })}
            data-testid="sms-code"
          />
          {codeStep ? (
            <Button
              variant="secondary"
              disabled={!canResend}
              onClick={() => actor.send({ type: 'sms.resend' })}
            >
              {canResend ? LL.member.password.resend() : LL.member.password.resendIn({ seconds })}
            </Button>
          ) : (
            <Button type="submit" variant="secondary" disabled={!canSend || busy} busy={busy}>
              {LL.member.password.send()}
            </Button>
          )}
        </div>
        {demoCode && <p className={styles.rowHint}>{LL.member.password.demoCode({ code: demoCode })}</p>}
      </div>
      {message}
      <div className={styles.pinActions}>
        <Button type="submit" block disabled={!canVerify || busy} busy={busy && codeStep}>
          {LL.member.password.verify()}
        </Button>
      </div>
    </form>
  );
}

function ErrorMessage({ id, error }: { id: string; error: PayPasswordError }) {
  const { LL } = useI18nContext();
  // The server's own localised words where it gave some (attempts left, quota), else the rule's text.
  const text = error.message || LL.member.password.errors[error.kind]();
  return (
    <p id={id} className={styles.fieldError} role="alert" style={{ marginTop: '0.75rem' }}>
      {text}
    </p>
  );
}

/** +6591234567 → +65****4567: the screen shows which phone without showing all of it. */
export function maskPhone(phone: string): string {
  if (phone.length < 8) return phone;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
