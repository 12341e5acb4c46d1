import { getRouteApi } from '@tanstack/react-router';
import { useI18nContext } from '../../../i18n/i18n-context';
import { ErrorPage } from '../../../views/general/error-page';
import { useAppState } from '../../app-state';
import { errorMessageOf } from '../../messages';

const route = getRouteApi('/pages/index/error');

export default function ErrorRoutePage() {
  const { reason } = route.useSearch();
  const { LL } = useI18nContext();
  const { shop } = useAppState();
  return (
    <ErrorPage
      message={reason ? errorMessageOf(LL, reason) : undefined}
      homePath={shop ? '/pages/user/index-tab' : '/'}
    />
  );
}
