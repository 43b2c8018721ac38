// No import cycles, counted by madge with type-only imports included (issue 29; docs/decisions/038-module-front-doors.md).
// dependency-cruiser's no-cycle rule says the same in `npm run lint`; this is the count the issue asks for, from a
// second tool that resolves imports its own way (TypeScript's, through each package's tsconfig).
//   node scripts/check-cycles.mjs        exits 1 on any cycle, or on an import madge could not resolve
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each package's source, read with its own tsconfig. */
export const PACKAGES = [
  { dir: 'packages/shared/src', tsConfig: 'packages/shared/tsconfig.json' },
  { dir: 'apps/api/src', tsConfig: 'apps/api/tsconfig.json' },
  { dir: 'apps/web/src', tsConfig: 'apps/web/tsconfig.json' },
];

/** The cycles and the unresolved imports of `dir` (relative to `baseDir`), `import type` counted. */
export async function cyclesOf(dir, tsConfig, baseDir = ROOT) {
  const result = await madge(path.join(baseDir, dir), {
    baseDir,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(baseDir, tsConfig),
    // a type-only import is still an edge: a type cycle is a layer that is not one way
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    excludeRegExp: [/\.d\.ts$/],
  });
  // packages (drizzle-orm, react, @studio/shared ...) are not followed; a relative import that did not resolve is a hole
  const unresolved = result.warnings().skipped.filter((s) => s.startsWith('.'));
  return { cycles: result.circular(), unresolved, files: Object.keys(result.obj()).length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false;
  for (const { dir, tsConfig } of PACKAGES) {
    const { cycles, unresolved, files } = await cyclesOf(dir, tsConfig);
    console.log(`${dir}: ${files} files, ${cycles.length} import cycles`);
    for (const cycle of cycles) console.log(`  cycle: ${cycle.join(' -> ')} -> ${cycle[0]}`);
    for (const spec of unresolved) console.log(`  unresolved: ${spec}`);
    if (cycles.length || unresolved.length) failed = true;
  }
  process.exit(failed ? 1 : 0);
}
