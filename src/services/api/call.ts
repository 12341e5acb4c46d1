// One typed function per call of a contract in src/domain/api. The contract is imported as a type only:
// a call's input and reply types come from its zod schemas, but the schemas stay on the server, which
// validates every payload and answers bad input with a localised `result: false`. The request layer
// checks the envelope; the info is the contract's, as the server's own tests hold it to.
import type { z } from 'zod';
import { post, type CallOptions } from '../http';

interface Entry {
  input: z.ZodType;
  info: z.ZodType;
}

export type ContractInput<C extends Record<string, Entry>, A extends keyof C> = z.input<C[A]['input']>;
export type ContractInfo<C extends Record<string, Entry>, A extends keyof C> = z.output<C[A]['info']>;

/** `contractCalls<typeof areaContract>('area')('action')`: the typed POST of `area/action`. */
export const contractCalls =
  <C extends Record<string, Entry>>(area: string) =>
  <A extends keyof C & string>(action: A) =>
  (body: ContractInput<C, A>, options?: CallOptions): Promise<ContractInfo<C, A>> =>
    post<ContractInfo<C, A>>(`${area}/${action}`, body, options);
