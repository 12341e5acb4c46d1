// The limit card calls (spec §7 store/limitCardList, store/limitCardUseList), typed by the contract in
// src/domain/api/limit-card.ts.
import type { limitCardContract } from '../domain/api/limit-card';
import { contractCalls } from './api/call';

const store = contractCalls<typeof limitCardContract>('store');

export const limitCardApi = {
  list: store('limitCardList'),
  useList: store('limitCardUseList'),
};
