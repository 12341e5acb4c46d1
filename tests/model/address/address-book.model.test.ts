import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { Address, AddressUpdateInput } from '../../../src/domain/api/address';
import {
  addressBookMachine,
  type AddressBookEmitted,
} from '../../../src/machines/address/address-book.machine';
import * as select from '../../../src/machines/address/address-book.selectors';
import { coveragePaths, settle } from '../support';

const make = (id: number, isDefault: boolean): Address => ({
  id,
  contactName: `Customer ${id}`,
  phone: '13800138000',
  address: `${id} Garden Road`,
  houseNumber: '',
  gps: { lat: 31.2, lng: 121.4 },
  isDefault,
  tag: '',
  updatedAt: '2026-03-01T00:00:00Z',
});

/** The server's list: default first. */
function serverList(ids: number[], defaultId: number | null): Address[] {
  const list = ids.map((id) => make(id, id === defaultId));
  return [...list.filter((a) => a.isDefault), ...list.filter((a) => !a.isDefault)];
}

interface BookContext {
  ids: number[];
  defaultId: number | null;
  chosen: number | null;
  failed: boolean;
  /** The write in flight. */
  pending: { kind: 'delete' | 'default'; id: number } | null;
}
type BookEvent =
  | { type: 'LOAD_OK' }
  | { type: 'LOAD_FAIL' }
  | { type: 'RETRY' }
  | { type: 'CHOOSE'; id: number }
  | { type: 'DELETE'; id: number }
  | { type: 'SET_DEFAULT'; id: number }
  | { type: 'WRITE_OK' }
  | { type: 'WRITE_FAIL' }
  | { type: 'ADD' }
  | { type: 'EDIT'; id: number };

const listed = ({ context, event }: { context: BookContext; event: BookEvent }) =>
  'id' in event && context.ids.includes(event.id);

const bookModel = setup({
  types: { context: {} as BookContext, events: {} as BookEvent },
  guards: { listed },
}).createMachine({
  id: 'addressBookModel',
  context: { ids: [1, 2], defaultId: 1, chosen: null, failed: false, pending: null },
  // Adding is answered in every state, the loading list and a write in flight included.
  on: { ADD: {} },
  initial: 'loading',
  states: {
    loading: {
      on: { LOAD_OK: { target: 'ready', actions: assign({ failed: false }) }, LOAD_FAIL: 'failed' },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        CHOOSE: {
          guard: 'listed',
          actions: assign(({ event }) => ({ chosen: (event as { id: number }).id })),
        },
        DELETE: {
          guard: 'listed',
          target: 'deleting',
          actions: assign(({ event }) => ({
            pending: { kind: 'delete' as const, id: (event as { id: number }).id },
          })),
        },
        SET_DEFAULT: {
          guard: 'listed',
          target: 'savingDefault',
          actions: assign(({ event }) => ({
            pending: { kind: 'default' as const, id: (event as { id: number }).id },
          })),
        },
        EDIT: { guard: 'listed' },
      },
    },
    deleting: {
      on: {
        WRITE_OK: {
          target: 'loading',
          actions: assign(({ context }) => ({
            ids: context.ids.filter((id) => id !== context.pending!.id),
            defaultId: context.defaultId === context.pending!.id ? null : context.defaultId,
            pending: null,
          })),
        },
        WRITE_FAIL: { target: 'ready', actions: assign({ failed: true, pending: null }) },
      },
    },
    savingDefault: {
      on: {
        WRITE_OK: {
          target: 'loading',
          actions: assign(({ context }) => ({ defaultId: context.pending!.id, pending: null })),
        },
        WRITE_FAIL: { target: 'ready', actions: assign({ failed: true, pending: null }) },
      },
    },
  },
});

describe('addressBook (model-based)', () => {
  for (const path of coveragePaths(bookModel, [
    { type: 'LOAD_OK' },
    { type: 'LOAD_FAIL' },
    { type: 'RETRY' },
    { type: 'CHOOSE', id: 2 },
    { type: 'CHOOSE', id: 99 },
    { type: 'DELETE', id: 2 },
    { type: 'SET_DEFAULT', id: 2 },
    { type: 'WRITE_OK' },
    { type: 'WRITE_FAIL' },
    { type: 'ADD' },
    { type: 'EDIT', id: 1 },
  ])) {
    it(path.description, async () => {
      // The fake server: the list, deletes and default changes.
      let ids = [1, 2];
      let defaultId: number | null = 1;
      const loads: { resolve(): void; reject(e: Error): void }[] = [];
      const writes: { resolve(): void; reject(e: Error): void; apply(): void }[] = [];
      const emitted: AddressBookEmitted[] = [];
      const actor = createActor(
        addressBookMachine.provide({
          actors: {
            loadAddresses: fromPromise(
              () =>
                new Promise<Address[]>((resolve, reject) =>
                  loads.push({ resolve: () => resolve(serverList(ids, defaultId)), reject }),
                ),
            ),
            deleteAddress: fromPromise(
              ({ input }) =>
                new Promise<unknown>((resolve, reject) =>
                  writes.push({
                    resolve: () => resolve({ id: input.id }),
                    reject,
                    apply: () => (ids = ids.filter((i) => i !== input.id)),
                  }),
                ),
            ),
            updateAddress: fromPromise(
              ({ input }: { input: AddressUpdateInput }) =>
                new Promise<Address>((resolve, reject) =>
                  writes.push({
                    resolve: () => resolve(make(input.id, true)),
                    reject,
                    apply: () => {
                      expect(input.isDefault).toBe(true);
                      defaultId = input.id;
                    },
                  }),
                ),
            ),
          },
        }),
        { input: {} },
      );
      actor.on('*', (e) => emitted.push(e as AddressBookEmitted));
      actor.start();
      const snap = () => actor.getSnapshot();
      /**
       * The cards' buttons are disabled exactly while busy (address-list-view.tsx), so busy must be exactly
       * when the flow would drop their taps.
       */
      const cardsMatchFlow = () => {
        const id = select.selectAddresses(snap())[0]?.id ?? 1;
        for (const event of [
          { type: 'address.choose', id },
          { type: 'address.edit', id },
          { type: 'address.delete', id },
          { type: 'address.setDefault', id },
        ] as const)
          expect(snap().can(event), event.type).toBe(!select.selectIsBusy(snap()));
      };
      await path.run({
        states: {
          loading: () => {
            expect(select.selectIsLoading(snap())).toBe(true);
            cardsMatchFlow();
          },
          failed: () => expect(select.selectLoadFailed(snap())).toBe(true),
          ready: (state) => {
            const m = state.context as BookContext;
            const list = select.selectAddresses(snap());
            expect(list.map((a) => a.id).sort()).toEqual(m.ids.slice().sort());
            if (list.length) expect(list[0]!.id === m.defaultId).toBe(m.defaultId !== null);
            expect(select.selectChosenId(snap())).toBe(
              m.chosen !== null && ids.includes(m.chosen) ? m.chosen : null,
            );
            expect(select.selectError(snap())).toBe(m.failed ? 'offline' : null);
            expect(select.selectIsBusy(snap())).toBe(false);
            cardsMatchFlow();
          },
          deleting: () => {
            expect(select.selectIsBusy(snap())).toBe(true);
            cardsMatchFlow();
          },
          savingDefault: () => {
            expect(select.selectIsBusy(snap())).toBe(true);
            cardsMatchFlow();
          },
        },
        events: {
          LOAD_OK: async () => {
            loads.at(-1)!.resolve();
            await settle();
          },
          LOAD_FAIL: async () => {
            loads.at(-1)!.reject(new Error('offline'));
            await settle();
          },
          RETRY: () => actor.send({ type: 'address.retry' }),
          CHOOSE: ({ id }) => {
            const before = emitted.length;
            actor.send({ type: 'address.choose', id });
            const fresh = emitted.slice(before);
            if (ids.includes(id))
              expect(fresh).toEqual([{ type: 'address.chosen', address: expect.objectContaining({ id }) }]);
            else expect(fresh).toEqual([]);
          },
          DELETE: ({ id }) => actor.send({ type: 'address.delete', id }),
          SET_DEFAULT: ({ id }) => actor.send({ type: 'address.setDefault', id }),
          WRITE_OK: async () => {
            writes.at(-1)!.apply();
            writes.at(-1)!.resolve();
            await settle();
          },
          WRITE_FAIL: async () => {
            writes.at(-1)!.reject(new Error('offline'));
            await settle();
          },
          ADD: () => {
            actor.send({ type: 'address.add' });
            expect(emitted.at(-1)).toEqual({
              type: 'navigate',
              to: { route: '/pages/user/address/add', query: {} },
              replace: false,
            });
          },
          EDIT: ({ id }) => {
            actor.send({ type: 'address.edit', id });
            expect(emitted.at(-1)).toEqual({
              type: 'navigate',
              to: { route: '/pages/user/address/update', query: { id } },
              replace: false,
            });
          },
        },
      });
      actor.stop();
    });
  }
});
