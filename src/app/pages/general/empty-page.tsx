import { getRouteApi } from '@tanstack/react-router';
import { EmptyPage } from '../../../views/general/empty-page';
import { useAppState } from '../../app-state';

const route = getRouteApi('/pages/index/empty');

export default function EmptyRoutePage() {
  const { title } = route.useSearch();
  const { shop } = useAppState();
  return <EmptyPage title={title} homePath={shop ? '/pages/user/index-tab' : '/'} />;
}
