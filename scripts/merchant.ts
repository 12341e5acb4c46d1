// The merchant CLI: moves a shop's orders through the merchant API (server/routes/merchant.ts).
//
//   npm run merchant -- orders [--status pending,confirmed] [--page 2]
//   npm run merchant -- accept <orderNo>
//   npm run merchant -- refuse <orderNo> --reason "Sold out"
//   npm run merchant -- assign-rider <orderNo> --rider-name "Zhao Liu" --rider-phone 13700003333
//   npm run merchant -- table tabs
//   npm run merchant -- table return-line <lineId> --reason "Too salty"
//   npm run merchant -- appointment day --date 2026-12-02 --technician 5602
//   npm run merchant -- appointment no-show <appointmentId>
//
// The key comes from --key or MERCHANT_KEY, the server from --url or MERCHANT_URL (default
// http://127.0.0.1:8080). A refused action prints the server's message and exits with 1; bad usage
// exits with 2.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { MERCHANT_ACTIONS, MERCHANT_API_BASE, type MerchantAction } from '../src/domain/api/order-life';
import {
  KITCHEN_ACTIONS,
  type KitchenAction,
  type MerchantTab,
  type MerchantTabsInfo,
} from '../src/domain/api/open-table';
import type { OrderSummary } from '../src/domain/api/order';
import {
  APPOINTMENT_MERCHANT_ACTIONS,
  type AppointmentMerchantAction,
  type MerchantAppointment,
  type MerchantDayInfo,
} from '../src/domain/api/beauty';
import { ORDER_STATUSES, type OrderStatus } from '../src/domain/enums';

export const DEFAULT_MERCHANT_URL = 'http://127.0.0.1:8080';

const kebab = (action: string) => action.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export const USAGE = `Usage: npm run merchant -- <command> [orderNo] [options]

Commands:
  orders                      list the shop's orders, newest first
${MERCHANT_ACTIONS.map((a) => `  ${kebab(a).padEnd(20)} <orderNo>`).join('\n')}

Open table (the ids are in the list of tabs):
  table tabs                  the shop's open tables: tabs, rounds and lines with their ids
${KITCHEN_ACTIONS.map((a) => `  table ${kebab(a).padEnd(14)} <${a.endsWith('Round') ? 'roundId' : a.endsWith('Line') ? 'lineId' : 'tabId'}>`).join('\n')}

Appointments (the ids are in the day list and in the customer's order):
  appointment day             the technicians' day: working time and appointments
${APPOINTMENT_MERCHANT_ACTIONS.map((a) => `  appointment ${kebab(a).padEnd(14)} <appointmentId>`).join('\n')}

Options:
  --key <key>                 merchant key (default: $MERCHANT_KEY)
  --url <url>                 server (default: $MERCHANT_URL or ${DEFAULT_MERCHANT_URL})
  --reason <text>             refuse, delivery-exception, refund, table reject-round / return-line /
                              close-tab, appointment cancel: why (shown to the customer)
  --date <YYYY-MM-DD>         appointment day: the shop-local date (default today)
  --technician <id>           appointment day: one technician only
  --rider-name <name>         assign-rider: the rider's name
  --rider-phone <phone>       assign-rider: the rider's phone
  --status <s1,s2>            orders: only these statuses (${ORDER_STATUSES.join(', ')})
  --page <n>                  orders: page (20 a page)
  --lang <locale>             language of the server's messages (en, zh-CN, zh-TW, fr, es; default en)
  --json                      print the raw reply
  -h, --help                  this help

Demo keys: demo-merchant-<shopId> (seeded for every shop in demo mode; refused outside it).`;

export type Command =
  | { kind: 'help' }
  | { kind: 'orders'; status?: OrderStatus[]; page: number }
  | { kind: 'table'; action: KitchenAction; id: number; reason?: string }
  | { kind: 'tableTabs' }
  | { kind: 'appointmentDay'; date?: string; serviceUserId?: number }
  | { kind: 'appointment'; action: AppointmentMerchantAction; id: number; reason?: string }
  | {
      kind: 'action';
      action: MerchantAction;
      orderNo: string;
      reason?: string;
      rider?: { name: string; phone: string };
    };

export interface Invocation {
  command: Command;
  key: string | null;
  url: string;
  lang: string;
  json: boolean;
}

export class UsageError extends Error {}

/** Reads the command line; throws UsageError with a message for bad usage. */
export function parseCommand(argv: string[], env: NodeJS.ProcessEnv = {}): Invocation {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        key: { type: 'string' },
        url: { type: 'string' },
        reason: { type: 'string' },
        'rider-name': { type: 'string' },
        'rider-phone': { type: 'string' },
        status: { type: 'string' },
        page: { type: 'string' },
        date: { type: 'string' },
        technician: { type: 'string' },
        lang: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const base = {
    key: values.key?.trim() || env.MERCHANT_KEY?.trim() || null,
    url: (values.url?.trim() || env.MERCHANT_URL?.trim() || DEFAULT_MERCHANT_URL).replace(/\/+$/, ''),
    lang: values.lang?.trim() || 'en',
    json: values.json ?? false,
  };
  const [name, orderNo, ...rest] = positionals;
  if (values.help || name === undefined || name === 'help') return { ...base, command: { kind: 'help' } };
  if (name === 'table') {
    const [, actionName, idText, ...extra] = positionals;
    if (actionName === 'tabs') {
      if (idText !== undefined) throw new UsageError(`"table tabs" takes no id`);
      return { ...base, command: { kind: 'tableTabs' } };
    }
    if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}`);
    const action = KITCHEN_ACTIONS.find((a) => a === actionName || kebab(a) === actionName);
    if (!action) throw new UsageError(`Unknown table command "${actionName ?? ''}"`);
    const id = Number(idText);
    if (!Number.isInteger(id) || id < 1)
      throw new UsageError(`table ${actionName} needs an id (a whole number)`);
    return {
      ...base,
      command: {
        kind: 'table',
        action,
        id,
        ...(values.reason !== undefined ? { reason: values.reason } : {}),
      },
    };
  }
  if (name === 'appointment') return { ...base, command: appointmentCommand(positionals.slice(1), values) };
  if (rest.length > 0) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}`);

  if (name === 'orders') {
    if (orderNo !== undefined) throw new UsageError(`"orders" takes no order number`);
    const status = values.status
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = status?.filter((s) => !(ORDER_STATUSES as readonly string[]).includes(s)) ?? [];
    if (unknown.length > 0) throw new UsageError(`Unknown status: ${unknown.join(', ')}`);
    const page = values.page === undefined ? 1 : Number(values.page);
    if (!Number.isInteger(page) || page < 1) throw new UsageError('--page must be a whole number from 1');
    return {
      ...base,
      command: { kind: 'orders', ...(status ? { status: status as OrderStatus[] } : {}), page },
    };
  }

  const action = MERCHANT_ACTIONS.find((a) => a === name || kebab(a) === name);
  if (!action) throw new UsageError(`Unknown command "${name}"`);
  if (!orderNo) throw new UsageError(`${name} needs an order number`);
  const riderName = values['rider-name']?.trim();
  const riderPhone = values['rider-phone']?.trim();
  if (action === 'assignRider' && (!riderName || !riderPhone))
    throw new UsageError('assign-rider needs --rider-name and --rider-phone');
  return {
    ...base,
    command: {
      kind: 'action',
      action,
      orderNo,
      ...(values.reason !== undefined ? { reason: values.reason } : {}),
      ...(riderName && riderPhone ? { rider: { name: riderName, phone: riderPhone } } : {}),
    },
  };
}

/** `appointment day [--date] [--technician]` or `appointment <action> <id> [--reason]`. */
function appointmentCommand(
  args: string[],
  values: { reason?: string; date?: string; technician?: string },
): Command {
  const [actionName, idText, ...extra] = args;
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}`);
  if (actionName === 'day') {
    if (idText !== undefined) throw new UsageError('"appointment day" takes --date and --technician');
    const date = values.date?.trim();
    if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date))
      throw new UsageError('--date must be YYYY-MM-DD');
    const technician = values.technician === undefined ? undefined : Number(values.technician);
    if (technician !== undefined && (!Number.isInteger(technician) || technician < 1))
      throw new UsageError('--technician must be a technician id (a whole number)');
    return {
      kind: 'appointmentDay',
      ...(date !== undefined ? { date } : {}),
      ...(technician !== undefined ? { serviceUserId: technician } : {}),
    };
  }
  const action = APPOINTMENT_MERCHANT_ACTIONS.find((a) => a === actionName || kebab(a) === actionName);
  if (!action) throw new UsageError(`Unknown appointment command "${actionName ?? ''}"`);
  const id = Number(idText);
  if (!Number.isInteger(id) || id < 1)
    throw new UsageError(`appointment ${actionName} needs an appointment id (a whole number)`);
  return {
    kind: 'appointment',
    action,
    id,
    ...(values.reason !== undefined ? { reason: values.reason } : {}),
  };
}

/** One readable line per appointment. */
export function appointmentLine(a: MerchantAppointment): string {
  const who = [a.customerName, a.customerPhone].filter(Boolean).join(' ') || 'guest';
  const forWhom = a.beautyUserName ? ` for ${a.beautyUserName} ${a.beautyUserPhone}` : '';
  return `#${String(a.id).padEnd(6)} ${a.date} ${a.time}-${a.endTime} ${a.status.padEnd(15)} ${a.service.name} (${a.serviceUser.userName})  ${who}${forWhom}  ${a.orderNo}${a.allowed.length > 0 ? `  [${a.allowed.map(kebab).join(', ')}]` : ''}`;
}

interface Reply<T> {
  result: boolean;
  info: T;
  message: string;
}

export interface Io {
  fetch: typeof fetch;
  out: (line: string) => void;
  err: (line: string) => void;
}

const money = (order: OrderSummary) =>
  `${(order.amounts.total / 10 ** order.numberDecimals).toFixed(order.numberDecimals)} ${order.currency}`;

/** One readable line per order. */
export function orderLine(order: OrderSummary): string {
  const paid = order.paid ? 'paid' : 'unpaid';
  const rider = order.rider ? `  rider ${order.rider.name} ${order.rider.phone}` : '';
  return `${order.orderNo.padEnd(18)} ${order.status.padEnd(24)} ${order.orderType.padEnd(10)} ${money(order).padStart(12)}  ${paid.padEnd(6)}  ${order.createdAt}${rider}`;
}

/** The merchant API call a command makes: its path under MERCHANT_API_BASE and its body. */
function requestOf(command: Exclude<Command, { kind: 'help' }>): { path: string; body: object } {
  const reason = (r: string | undefined) => (r !== undefined ? { reason: r } : {});
  switch (command.kind) {
    case 'orders':
      return {
        path: 'orders',
        body: { page: command.page, ...(command.status ? { status: command.status } : {}) },
      };
    case 'table':
      return { path: `table/${command.action}`, body: { id: command.id, ...reason(command.reason) } };
    case 'tableTabs':
      return { path: 'table/tabs', body: {} };
    case 'appointmentDay':
      return {
        path: 'appointment/day',
        body: {
          ...(command.date !== undefined ? { date: command.date } : {}),
          ...(command.serviceUserId !== undefined ? { serviceUserId: command.serviceUserId } : {}),
        },
      };
    case 'appointment':
      return { path: `appointment/${command.action}`, body: { id: command.id, ...reason(command.reason) } };
    case 'action':
      return {
        path: command.action,
        body: {
          orderNo: command.orderNo,
          ...reason(command.reason),
          ...(command.rider ? { rider: command.rider } : {}),
        },
      };
  }
}

const ROUND_STATES: Record<MerchantTab['rounds'][number]['state'], string> = {
  submitted: 'waiting for the kitchen',
  ordered: 'accepted',
  rejected: 'rejected',
};

/** A tab as the staff read it: the table, then each round (newest first) with its lines and their ids. */
export function tabLines(tab: MerchantTab): string[] {
  const timer = tab.timer.startedAt
    ? `, timer from ${tab.timer.startedAt}${tab.timer.stoppedAt ? ` to ${tab.timer.stoppedAt}` : ''}`
    : '';
  const out = [
    `${tab.tableName} ${tab.area} · tab ${tab.id} (${tab.orderNo}) ${tab.status}, ${tab.person} seated: ${tab.guests.join(', ')}${timer}`,
  ];
  if (tab.rounds.length === 0) out.push('  no rounds yet');
  for (const round of tab.rounds) {
    const note = round.note ? ` "${round.note}"` : '';
    out.push(`  round ${round.id} from ${round.guest}: ${ROUND_STATES[round.state]}${note}`);
    for (const line of round.lines) {
      const options = [line.specName, ...line.tastes].filter(Boolean).join(', ');
      const reason = line.reason ? ` (${line.reason})` : '';
      out.push(
        `    line ${line.id}  ${line.quantity}× ${line.name}${options ? ` [${options}]` : ''}  ${line.state}${reason}`,
      );
    }
  }
  return out;
}

/** Runs the CLI; returns the exit code (0 done, 1 refused or failed, 2 bad usage). */
export async function runMerchantCli(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  let invocation: Invocation;
  try {
    invocation = parseCommand(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  const { command } = invocation;
  if (command.kind === 'help') {
    io.out(USAGE);
    return 0;
  }
  if (!invocation.key) {
    io.err('No merchant key: pass --key or set MERCHANT_KEY (in demo mode: demo-merchant-<shopId>).');
    return 2;
  }
  const { path, body } = requestOf(command);
  let response: Response;
  try {
    response = await io.fetch(`${invocation.url}${MERCHANT_API_BASE}/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${invocation.key}`,
        language: invocation.lang,
      },
      body: JSON.stringify(body),
    });
  } catch (error) {
    io.err(`Cannot reach ${invocation.url}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  let reply: Reply<unknown>;
  try {
    reply = (await response.json()) as Reply<unknown>;
  } catch {
    io.err(`${invocation.url} answered HTTP ${response.status} without a reply envelope.`);
    return 1;
  }
  if (invocation.json) io.out(JSON.stringify(reply, null, 2));
  if (!reply.result) {
    if (!invocation.json) io.err(reply.message || `HTTP ${response.status}`);
    return 1;
  }
  if (invocation.json) return 0;
  if (command.kind === 'orders') {
    const info = reply.info as { list: OrderSummary[]; total: number; hasMore: boolean };
    if (info.list.length === 0) io.out('No orders.');
    for (const order of info.list) io.out(orderLine(order));
    io.out(
      `${info.list.length} of ${info.total} order(s), page ${command.page}${info.hasMore ? ` (more: --page ${command.page + 1})` : ''}`,
    );
    return 0;
  }
  if (command.kind === 'table') {
    io.out(`${reply.message} (tab ${(reply.info as { tabId: number }).tabId})`);
    return 0;
  }
  if (command.kind === 'tableTabs') {
    const { tabs } = reply.info as MerchantTabsInfo;
    if (tabs.length === 0) io.out('No open tables.');
    for (const tab of tabs) for (const line of tabLines(tab)) io.out(line);
    return 0;
  }
  if (command.kind === 'appointmentDay') {
    const day = reply.info as MerchantDayInfo;
    for (const person of day.serviceUsers) {
      const working = person.working.map((r) => `${r.start}-${r.end}`).join(', ') || 'day off';
      io.out(`${person.userName} (${person.jobNo}) ${day.date}: ${working}`);
      if (person.appointments.length === 0) io.out('  no appointments');
      for (const a of person.appointments) io.out(`  ${appointmentLine(a)}`);
    }
    return 0;
  }
  if (command.kind === 'appointment') {
    io.out(reply.message);
    io.out(appointmentLine((reply.info as { appointment: MerchantAppointment }).appointment));
    return 0;
  }
  const { order } = reply.info as { order: OrderSummary };
  io.out(reply.message);
  io.out(orderLine(order));
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runMerchantCli(process.argv.slice(2), process.env, {
    fetch,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
