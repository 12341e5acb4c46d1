// /pages/user/info: the customer's profile: nickname, gender and birthday can be changed; the phone
// proven by SMS is shown read-only.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { CustomerProfile } from '../../domain/api/user';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button, LinkButton } from '../ui/button';
import { useNavigation } from '../ui/navigation';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState, ErrorView } from '../ui/state-views';
import styles from './user.module.css';

export interface ProfileChanges {
  nickname: string;
  gender: 0 | 1 | 2;
  birthday: string | null;
}

export interface InfoViewProps {
  profile: CustomerProfile | null;
  loggedIn: boolean;
  loading: boolean;
  failed: boolean;
  saving: boolean;
  /** Already translated. */
  error: string | null;
  onRetry: () => void;
  onSave: (changes: ProfileChanges) => void;
}

export function InfoView(props: InfoViewProps) {
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  let body;
  if (!props.loggedIn && !props.loading) {
    body = (
      <EmptyState
        icon="user"
        title={LL.info.notLoggedIn()}
        action={
          <LinkButton href={navigation.href('/pages/user/login')}>{LL.info.user.loginEntry()}</LinkButton>
        }
      />
    );
  } else if (props.failed) {
    body = <ErrorView onRetry={props.onRetry} />;
  } else if (props.loading || !props.profile) {
    body = (
      <SkeletonRegion label={LL.app.loading()}>
        <CardSkeleton />
      </SkeletonRegion>
    );
  } else {
    body = <ProfileForm {...props} profile={props.profile} />;
  }
  return <Page head={<PageHead title={LL.info.title()} />}>{body}</Page>;
}

function ProfileForm({ profile, saving, error, onSave }: InfoViewProps & { profile: CustomerProfile }) {
  const { LL } = useI18nContext();
  const id = useId();
  const [nickname, setNickname] = useState(profile.nickname);
  const [gender, setGender] = useState<0 | 1 | 2>(profile.gender);
  const [birthday, setBirthday] = useState(profile.birthday ?? '');
  const [missingNickname, setMissingNickname] = useState(false);

  useEffect(() => {
    setNickname(profile.nickname);
    setGender(profile.gender);
    setBirthday(profile.birthday ?? '');
  }, [profile]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nickname.trim() === '') {
      setMissingNickname(true);
      return;
    }
    setMissingNickname(false);
    onSave({ nickname: nickname.trim(), gender, birthday: birthday === '' ? null : birthday });
  };
  const today = new Date().toISOString().slice(0, 10);
  const message = missingNickname ? LL.info.nicknameRequired() : error;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-nickname`}>
          {LL.info.nickname()}
        </label>
        <input
          id={`${id}-nickname`}
          className={styles.input}
          value={nickname}
          maxLength={32}
          autoComplete="nickname"
          onChange={(e) => setNickname(e.target.value)}
          aria-invalid={missingNickname || undefined}
          aria-describedby={missingNickname ? `${id}-error` : undefined}
        />
      </div>
      <fieldset className={styles.radios}>
        <legend>{LL.info.gender()}</legend>
        {(
          [
            [1, LL.info.male()],
            [2, LL.info.female()],
            [0, LL.info.unknown()],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={styles.radio}>
            <input
              type="radio"
              name={`${id}-gender`}
              value={value}
              checked={gender === value}
              onChange={() => setGender(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-birthday`}>
          {LL.info.birthday()}
        </label>
        <input
          id={`${id}-birthday`}
          className={styles.input}
          type="date"
          min="1900-01-01"
          max={today}
          value={birthday}
          onChange={(e) => setBirthday(e.target.value)}
        />
      </div>
      <div className={styles.field}>
        <span className={styles.label} id={`${id}-phone-label`}>
          {LL.info.phone()}
        </span>
        <span className={styles.readonly} aria-labelledby={`${id}-phone-label`} data-testid="profile-phone">
          {profile.phone ?? LL.info.unknown()}
        </span>
      </div>
      {message && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {message}
        </p>
      )}
      <Button type="submit" size="large" block disabled={saving} busy={saving}>
        {LL.app.save()}
      </Button>
    </form>
  );
}
