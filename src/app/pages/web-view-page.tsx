import { getRouteApi } from '@tanstack/react-router';
import { WebViewPage } from '../../views/general/web-view-page';

const route = getRouteApi('/pages/index/web-view');

export default function WebViewRoutePage() {
  const { url, title } = route.useSearch();
  return <WebViewPage url={url} title={title} />;
}
