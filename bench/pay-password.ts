// Cost of one pay-password check: the keyed hash the server writes (HMAC-SHA256) against the legacy
// scrypt rows it still verifies once before re-keying them. Prints median and p99 wall time per check and
// the process CPU per check; it never fails. Target: ≤ 5 ms of CPU per check (docs/decisions.md).
import { randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import {
  checkPayPassword,
  hashPayPassword,
  payPasswordKeyring,
} from '../server/modules/identity/identity-password';

const keys = payPasswordKeyring([{ id: 'bench', secret: randomBytes(32) }]);
const MEMBER = 881;
const PASSWORD = '246810';

async function legacyHash(): Promise<string> {
  const salt = randomBytes(16);
  const hash = (await promisify(scrypt)(PASSWORD, salt, 32)) as Buffer;
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

async function measure(label: string, stored: string, samples: number): Promise<void> {
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < samples; i++) {
    const guess = i % 2 === 0 ? PASSWORD : String(100_000 + i);
    const start = process.hrtime.bigint();
    await checkPayPassword(keys, MEMBER, guess, stored);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const cpuMs = (cpu.user + cpu.system) / 1000 / samples;
  console.log(
    `${label.padEnd(22)} median ${at(0.5).toFixed(4)} ms  p99 ${at(0.99).toFixed(4)} ms  CPU ${cpuMs.toFixed(4)} ms/check  (${samples} checks)`,
  );
}

const keyed = hashPayPassword(keys, MEMBER, PASSWORD);
await measure('keyed (HMAC-SHA256)', keyed, 20_000);
await measure('legacy scrypt', await legacyHash(), 40);
