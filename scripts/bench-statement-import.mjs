// `node scripts/bench-statement-import.mjs DATA_DIR`: the time to import a bank statement of 5,000 lines (issue 30's
// aim: under 5 s) into a studio's data (a copy of `npm run seed:demo`'s: a year of sales, fees and bookings, with their
// transfers), through POST /api/bank-statements on the server, then the same file again (every line a duplicate).
// Options: BENCH_PORT (3518), BENCH_LINES (5000).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './measure-server.mjs';

const source = process.argv[2];
if (!source) throw new Error('Usage: node scripts/bench-statement-import.mjs DATA_DIR (a seeded studio; it is copied, never changed)');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-bench-statement-'));
fs.cpSync(source, dataDir, { recursive: true });
fs.rmSync(path.join(dataDir, 'backups'), { recursive: true, force: true });
const ADMIN = { username: 'admin', password: 'bench-admin-pass-1' };
const LINES = Number(process.env.BENCH_LINES ?? 5000);
const { base, stop, ready } = startServer({ name: 'bench-statement', port: Number(process.env.BENCH_PORT ?? 3518), admin: ADMIN, dataDir, env: { API_PROCESSES: '1' } });
try {
  await ready();
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...ADMIN, deviceId: 'bench', deviceInfo: '' }) });
  const token = (await login.json()).data.tokens[0].api_token;
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const waiting = (await (await fetch(`${base}/api/transfers/unconfirmed`, { headers: auth })).json()).data;
  // a year of lines, a third of them debits; the transfers waiting are among the credits, with their references
  const day = (i) => new Date(Date.now() - (365 - (i * 365) / LINES) * 86_400_000).toISOString().slice(0, 10);
  const rows = [];
  let balance = 1_000_000;
  for (let i = 0; i < LINES; i++) {
    const w = waiting[i % 97 === 0 ? (i / 97) % Math.max(1, waiting.length) : -1];
    const credit = w ? w.amount : i % 3 ? 1000 + ((i * 7919) % 90_000) : 0;
    const debit = credit ? 0 : 500 + ((i * 104_729) % 20_000);
    balance += credit - debit;
    rows.push(`${w ? w.date : day(i)}T10:00:00,"TRF FROM ${w ? w.party.toUpperCase() : `PAYER ${i}`} ${w?.reference ?? ''}",R${i},${debit ? `"${debit.toFixed(2)}"` : ''},${credit ? `"${credit.toFixed(2)}"` : ''},"${balance.toFixed(2)}"`);
  }
  const content = ['Moniepoint MFB', '', 'Date,Narration,Reference,Debit,Credit,Balance', ...rows].join('\n');
  for (const round of ['first import', 'the same file again']) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/bank-statements`, { method: 'POST', headers: auth, body: JSON.stringify({ filename: 'bench.csv', content, account: 'BENCH' }) });
    const ms = performance.now() - t0;
    const body = await res.json();
    if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(body)}`);
    const s = body.data;
    console.log(`${round}: ${LINES} lines in ${(ms / 1000).toFixed(2)} s (${s.credits} credits: ${s.matched} confirmed, ${s.suggested} suggested, ${s.unmatched} with no record, ${s.duplicates} duplicates; ${waiting.length} transfers were waiting)`);
  }
} finally {
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
