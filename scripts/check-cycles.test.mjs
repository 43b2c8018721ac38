// scripts/check-cycles.mjs (in `npm run lint`) counts what it should: a cycle closed by an `import type` alone is found
// through `.js` specifiers as the API writes them, a barrel (a module's index.ts) included, and a tree without one passes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cyclesOf } from './check-cycles.mjs';

const TREE = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true } }),
  // a type-only cycle through a front door: the till's index -> tenders -> prepaid's index -> its handler -> the till's index
  'cyclic/pos/index.ts': "export { takeTenders } from './tenders.js';\n",
  'cyclic/pos/tenders.ts': "import { voucherTender } from '../prepaid/index.js';\nexport const takeTenders = () => voucherTender;\n",
  'cyclic/prepaid/index.ts': "export { voucherTender } from './prepaid.tenders.js';\n",
  'cyclic/prepaid/prepaid.tenders.ts': "import type { takeTenders } from '../pos/index.js';\nexport const voucherTender: typeof takeTenders | null = null;\n",
  // the same modules with the handler's contract below both: no cycle
  'acyclic/payments/index.ts': 'export interface TenderHandler { take(): void }\n',
  'acyclic/pos/index.ts': "export { takeTenders } from './tenders.js';\n",
  'acyclic/pos/tenders.ts': "import { voucherTender } from '../prepaid/index.js';\nexport const takeTenders = () => voucherTender;\n",
  'acyclic/prepaid/index.ts': "export { voucherTender } from './prepaid.tenders.js';\n",
  'acyclic/prepaid/prepaid.tenders.ts': "import type { TenderHandler } from '../payments/index.js';\nexport const voucherTender: TenderHandler | null = null;\n",
};

let tmp;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
  for (const [file, text] of Object.entries(TREE)) {
    fs.mkdirSync(path.join(tmp, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(tmp, file), text);
  }
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('check-cycles (madge, type-only imports included)', () => {
  it('finds a cycle closed by an import type, through index.ts barrels and .js specifiers', async () => {
    const { cycles, unresolved } = await cyclesOf('cyclic', 'tsconfig.json', tmp);
    expect(unresolved).toEqual([]);
    expect(cycles).toHaveLength(1);
    expect([...cycles[0]].sort()).toEqual(['cyclic/pos/index.ts', 'cyclic/pos/tenders.ts', 'cyclic/prepaid/index.ts', 'cyclic/prepaid/prepaid.tenders.ts']);
  });
  it('passes the same modules once the contract sits below both', async () => {
    const { cycles, unresolved, files } = await cyclesOf('acyclic', 'tsconfig.json', tmp);
    expect({ cycles, unresolved, files }).toEqual({ cycles: [], unresolved: [], files: 5 });
  });
});
