// /member/register and /member/edit: the card's name, birthday and gender; registering also shows the
// phone the SMS login proved and asks to accept the member terms (linking to /pages/user/protocol).
import { useId, useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-context';
import {
  memberFormProblem,
  type MemberForm,
  type MemberFormProblem,
} from '../../machines/member/member-card.rules';
import { Button } from '../ui/button';
import styles from './member.module.css';

export interface MemberFormViewProps {
  initial: MemberForm;
  /** Registering: the verified phone and the terms' link; editing: null. */
  register: { phone: string; termsHref: string } | null;
  busy: boolean;
  /** The server's words for a refused save, or null. */
  error: string | null;
  submitLabel: string;
  onSubmit: (form: MemberForm) => void;
}

export function MemberFormView({
  initial,
  register,
  busy,
  error,
  submitLabel,
  onSubmit,
}: MemberFormViewProps) {
  const { LL } = useI18nContext();
  const id = useId();
  const [form, setForm] = useState<MemberForm>(initial);
  const [terms, setTerms] = useState(false);
  const [problem, setProblem] = useState<MemberFormProblem | null>(null);
  const problemText =
    problem === 'nameRequired'
      ? LL.member.register.nameRequired()
      : problem
        ? LL.member.register.agreeRequired()
        : null;
  const genders: { value: 0 | 1 | 2; label: string }[] = [
    { value: 1, label: LL.member.register.male() },
    { value: 2, label: LL.member.register.female() },
    { value: 0, label: LL.member.register.genderNone() },
  ];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = memberFormProblem(form, register ? terms : null);
        setProblem(found);
        if (!found) onSubmit({ ...form, name: form.name.trim() });
      }}
    >
      <div className={styles.form}>
        {register && (
          <div className={styles.field}>
            <span id={`${id}-phone`} className={styles.rowHint}>
              {LL.member.register.phone()}
            </span>
            <div className={styles.verified} aria-labelledby={`${id}-phone`}>
              <span data-testid="register-phone">{register.phone}</span>
              <span className={styles.badge}>{LL.member.register.phoneVerified()}</span>
            </div>
          </div>
        )}
        <div className={styles.field}>
          <label htmlFor={`${id}-name`}>{LL.member.register.name()}</label>
          <input
            id={`${id}-name`}
            type="text"
            name="name"
            autoComplete="name"
            maxLength={32}
            placeholder={LL.member.register.namePlaceholder()}
            value={form.name}
            aria-invalid={problem === 'nameRequired' || undefined}
            aria-describedby={problem === 'nameRequired' ? `${id}-problem` : undefined}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-birthday`}>{LL.member.register.birthday()}</label>
          <input
            id={`${id}-birthday`}
            type="date"
            name="birthday"
            min="1900-01-01"
            autoComplete="bday"
            value={form.birthday}
            onChange={(event) => setForm({ ...form, birthday: event.target.value })}
          />
        </div>
        <fieldset className={styles.field}>
          <legend>{LL.member.register.gender()}</legend>
          <div className={styles.choices}>
            {genders.map((gender) => (
              <label key={gender.value} className={styles.choice}>
                <input
                  type="radio"
                  name="gender"
                  value={gender.value}
                  checked={form.gender === gender.value}
                  onChange={() => setForm({ ...form, gender: gender.value })}
                />
                {gender.label}
              </label>
            ))}
          </div>
        </fieldset>
        {register && (
          <div className={styles.terms}>
            <input
              id={`${id}-terms`}
              type="checkbox"
              name="agreeTerms"
              checked={terms}
              aria-invalid={problem === 'agreeRequired' || undefined}
              aria-describedby={problem === 'agreeRequired' ? `${id}-problem` : undefined}
              onChange={(event) => setTerms(event.target.checked)}
            />
            <span>
              <label htmlFor={`${id}-terms`}>{LL.member.register.agree()}</label>{' '}
              <a href={register.termsHref}>{LL.member.register.terms()}</a>
            </span>
          </div>
        )}
        {(problemText || error) && (
          <p id={`${id}-problem`} className={styles.fieldError} role="alert" style={{ marginTop: '0.75rem' }}>
            {problemText ?? error}
          </p>
        )}
      </div>
      <div className={styles.submit}>
        <Button type="submit" size="large" block disabled={busy} busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
