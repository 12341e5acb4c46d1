// /pages/user/login: the SMS login flow. In demo mode the reply carries the code; it is shown and typed
// in for the visitor. A successful login refreshes the session's user and returns where the customer was.
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Actor } from 'xstate';
import { useI18nContext } from '../../../i18n/i18n-context';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { SmsError, smsLoginMachine } from '../../../machines/entry/sms-login.machine';
import {
  selectCanResend,
  selectCanSend,
  selectCanEditCode,
  selectCanEditPhone,
  selectCanVerify,
  selectCode,
  selectDemoCode,
  selectError,
  selectIsBusy,
  selectIsCodeStep,
  selectPhone,
  selectSecondsLeft,
} from '../../../machines/entry/sms-login.selectors';
import { LoginView } from '../../../views/user/login-view';
import { useToast } from '../../../views/ui/toast';
import { useAppState } from '../../app-state';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';
import { smsLoginFlow } from '../../flows/sms-login';

const route = getRouteApi('/pages/user/login');

export function smsErrorText(LL: TranslationFunctions, error: SmsError): string {
  switch (error.kind) {
    case 'invalidPhone':
      return LL.login.phoneInvalid();
    case 'invalidCode':
      return LL.login.codeRequired();
    case 'wrongCode':
      return error.message || LL.login.wrongCode();
    case 'noSmsLeft':
      return LL.login.noSmsLeft();
    case 'sendFailed':
      return error.message || LL.login.sendFailed();
    case 'network':
      return LL.errors.network();
  }
}

export default function LoginPage() {
  return (
    <WithMessages namespace="login">
      <LoginFlow />
    </WithMessages>
  );
}

function LoginFlow() {
  const { redirect } = route.useSearch();
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const router = useRouter();
  const toast = useToast();
  const { LL } = useI18nContext();
  const actor = useFlow(
    smsLoginFlow,
    () => ({ input: {} }),
    (flow) => [
      flow.on('auth.loggedIn', () => {
        session.send({ type: 'session.signedIn' });
        toast.show(LL.login.success());
        // A page may ask to come back with its query (a shared coupon link names its coupon). A route of
        // the router is gone to directly; a spec route without a page yet through its nearest page.
        const [path = '/pages/user/center', search = ''] = (redirect ?? '/pages/user/center').split('?');
        const query = Object.fromEntries(new URLSearchParams(search));
        if (Object.hasOwn(router.routesByPath, path))
          void router.navigate({ to: path as never, search: query as never, replace: true });
        else navigation.go(path, query, { replace: true });
      }),
    ],
  );
  if (!actor) return null;
  return <Login actor={actor} />;
}

function Login({ actor }: { actor: Actor<typeof smsLoginMachine> }) {
  const { LL } = useI18nContext();
  const phone = useSelector(actor, selectPhone);
  const code = useSelector(actor, selectCode);
  const secondsLeft = useSelector(actor, selectSecondsLeft);
  const error = useSelector(actor, selectError);
  const demoCode = useSelector(actor, selectDemoCode);
  const busy = useSelector(actor, selectIsBusy);
  const codeStep = useSelector(actor, selectIsCodeStep);
  const canSend = useSelector(actor, selectCanSend);
  const canResend = useSelector(actor, selectCanResend);
  const canVerify = useSelector(actor, selectCanVerify);
  const canEditPhone = useSelector(actor, selectCanEditPhone);
  const canEditCode = useSelector(actor, selectCanEditCode);

  // Demo mode: the code the reply carried is typed in for the visitor (it is also shown).
  useEffect(() => {
    if (demoCode && codeStep) actor.send({ type: 'sms.setCode', code: demoCode });
  }, [actor, demoCode, codeStep]);

  const errorField = error
    ? error.kind === 'invalidPhone' || error.kind === 'noSmsLeft'
      ? 'phone'
      : 'code'
    : null;
  return (
    <LoginView
      phone={phone}
      code={code}
      secondsLeft={codeStep ? secondsLeft : 0}
      codeSent={codeStep}
      canSend={canSend || canResend}
      canVerify={canVerify}
      busy={busy}
      phoneLocked={!canEditPhone}
      codeLocked={codeStep && !canEditCode}
      error={error ? smsErrorText(LL, error) : null}
      errorField={errorField}
      demoCode={demoCode}
      onPhone={(value) => actor.send({ type: 'sms.setPhone', phone: value })}
      onCode={(value) => actor.send({ type: 'sms.setCode', code: value })}
      onSend={() => actor.send({ type: canResend ? 'sms.resend' : 'sms.send' })}
      onVerify={() => actor.send({ type: 'sms.verify' })}
      onEditPhone={() => actor.send({ type: 'sms.editPhone' })}
    />
  );
}
