// The customer's addresses (spec §2 /pages/user/address/list; §7 address/list, update, delete): list,
// delete, make one the default, and choose one for a takeaway order (the confirm page measures it).
import { assign, emit, setup } from 'xstate';
import type { Address, AddressUpdateInput } from '../../domain/api/address';
import type { NavigateEvent } from '../shared/navigation';
import { errorMessage, notProvided } from '../shared/not-provided';

export interface AddressBookContext {
  addresses: Address[];
  /** The address chosen for the order, if any. */
  chosenId: number | null;
  error: string | null;
}

export type AddressBookEvent =
  | { type: 'address.choose'; id: number }
  | { type: 'address.add' }
  | { type: 'address.edit'; id: number }
  | { type: 'address.delete'; id: number }
  | { type: 'address.setDefault'; id: number }
  | { type: 'address.reload' }
  | { type: 'address.retry' };

export type AddressBookEmitted = NavigateEvent | { type: 'address.chosen'; address: Address };

/** The form an address is saved back with (address/update takes every field). */
export const updateInputOf = (
  address: Address,
  changes: Partial<AddressUpdateInput> = {},
): AddressUpdateInput => ({
  id: address.id,
  contactName: address.contactName,
  phone: address.phone,
  address: address.address,
  houseNumber: address.houseNumber,
  gps: address.gps,
  isDefault: address.isDefault,
  tag: address.tag,
  ...changes,
});

export const addressBookMachine = setup({
  types: {
    input: {} as { chosenId?: number | null },
    context: {} as AddressBookContext,
    events: {} as AddressBookEvent,
    emitted: {} as AddressBookEmitted,
  },
  actors: {
    /** address/list (default first). */
    loadAddresses: notProvided<Address[]>('loadAddresses'),
    /** address/delete */
    deleteAddress: notProvided<unknown, { id: number }>('deleteAddress'),
    /** address/update */
    updateAddress: notProvided<Address, AddressUpdateInput>('updateAddress'),
  },
  guards: {
    isListed: ({ context }, params: { id: number }) => context.addresses.some((a) => a.id === params.id),
  },
  actions: {
    storeAddresses: assign(({ context }, params: { addresses: Address[] }) => ({
      addresses: params.addresses,
      chosenId: params.addresses.some((a) => a.id === context.chosenId) ? context.chosenId : null,
      error: null,
    })),
    choose: assign((_, params: { id: number }) => ({ chosenId: params.id })),
    announceChosen: emit(({ context }) => ({
      type: 'address.chosen' as const,
      address: context.addresses.find((a) => a.id === context.chosenId)!,
    })),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    navigate: emit((_, params: NavigateEvent['to']) => ({
      type: 'navigate' as const,
      to: params,
      replace: false,
    })),
  },
}).createMachine({
  id: 'addressBook',
  context: ({ input }) => ({ addresses: [], chosenId: input.chosenId ?? null, error: null }),
  // Adding needs nothing from the list, so a tap on "add" is answered while the list still loads, has
  // failed or a write is in flight; a tap that did nothing reads as a broken button.
  on: {
    'address.add': {
      actions: { type: 'navigate', params: { route: '/pages/user/address/add', query: {} } },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadAddresses',
        onDone: {
          target: 'ready',
          actions: { type: 'storeAddresses', params: ({ event }) => ({ addresses: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    failed: { tags: 'error', on: { 'address.retry': 'loading' } },
    ready: {
      on: {
        'address.choose': {
          guard: { type: 'isListed', params: ({ event }) => event },
          actions: [{ type: 'choose', params: ({ event }) => event }, 'announceChosen'],
        },
        'address.edit': {
          guard: { type: 'isListed', params: ({ event }) => event },
          actions: {
            type: 'navigate',
            params: ({ event }) => ({
              route: '/pages/user/address/update' as const,
              query: { id: event.id },
            }),
          },
        },
        'address.delete': { guard: { type: 'isListed', params: ({ event }) => event }, target: 'deleting' },
        'address.setDefault': {
          guard: { type: 'isListed', params: ({ event }) => event },
          target: 'savingDefault',
        },
        'address.reload': 'loading',
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        src: 'deleteAddress',
        input: ({ event }) => ({ id: (event as { id: number }).id }),
        onDone: 'loading',
        onError: {
          target: 'ready',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    savingDefault: {
      tags: 'busy',
      invoke: {
        src: 'updateAddress',
        input: ({ context, event }) =>
          updateInputOf(
            context.addresses.find((a) => a.id === (event as { id: number }).id)!,
            { isDefault: true },
          ),
        onDone: 'loading',
        onError: {
          target: 'ready',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
  },
});
