// One typed function per call of a contract in src/domain/api: the input is checked with the contract's
// schema before it is sent and the reply's info is parsed with the contract's reply schema, so a flow
// never receives a shape the contract does not promise.
import type { z } from 'zod';
import { checked, post, type CallOptions } from '../http';

interface Entry {
  input: z.ZodType;
  info: z.ZodType;
}

export type ContractInput<C extends Record<string, Entry>, A extends keyof C> = z.input<C[A]['input']>;
export type ContractInfo<C extends Record<string, Entry>, A extends keyof C> = z.output<C[A]['info']>;

export function contractCall<C extends Record<string, Entry>, A extends keyof C & string>(
  area: string,
  contract: C,
  action: A,
) {
  const { input, info } = contract[action] as Entry;
  const path = `${area}/${action}`;
  return async (body: ContractInput<C, A>, options?: CallOptions): Promise<ContractInfo<C, A>> =>
    post(path, checked(input, body, path), options, info as z.ZodType<ContractInfo<C, A>>);
}
