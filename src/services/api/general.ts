// general/webViewConfig, typed by the contract in src/domain/api/web-view.ts: the origins the web-view page
// may frame.
import type { generalContract } from '../../domain/api/web-view';
import { contractCalls } from './call';

export const generalApi = {
  webViewConfig: contractCalls<typeof generalContract>('general')('webViewConfig'),
};
