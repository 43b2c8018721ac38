#!/usr/bin/env node
// Import boundaries (style.md): shared -> features -> app, one way, never across features.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Rules: a file matching `from` may not import a module resolving under any of `forbid` (paths relative to the repo). */
export const RULES = [
  { name: 'shared stays independent', from: /^packages\/shared\//, forbid: [/^apps\//] },
  { name: 'web never imports the api', from: /^apps\/web\//, forbid: [/^apps\/api\//] },
  { name: 'api never imports the web', from: /^apps\/api\//, forbid: [/^apps\/web\//] },
  { name: 'web lib and crud are below features and app', from: /^apps\/web\/src\/(lib|crud)\//, forbid: [/^apps\/web\/src\/(features|app)\//] },
  { name: 'web features are below app', from: /^apps\/web\/src\/features\//, forbid: [/^apps\/web\/src\/app\//] },
  { name: 'api mechanism is below resources and features', from: /^apps\/api\/src\/(crud|plugins)\/(?!registry\.ts)/, forbid: [/^apps\/api\/src\/(features|resources)\//] },
];

const importRe = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The repo-relative target of a relative import, or undefined for packages. */
function resolveTarget(file, spec) {
  if (spec.startsWith('@studio/shared')) return 'packages/shared/src/index.ts';
  if (!spec.startsWith('.')) return undefined;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
}

function featureOf(p) {
  return p.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
}

/** Violations in one file's text; `file` is repo-relative with forward slashes. */
export function checkFile(file, text) {
  const out = [];
  for (const m of text.matchAll(importRe)) {
    const spec = m[1] ?? m[2];
    const target = resolveTarget(file, spec);
    if (!target) continue;
    for (const rule of RULES) {
      if (rule.from.test(file) && rule.forbid.some((f) => f.test(target))) out.push(`${file}: imports ${spec} (${rule.name})`);
    }
    const a = featureOf(file);
    const b = featureOf(target);
    if (a && b && a !== b) out.push(`${file}: imports ${spec} (features never import other features: move it to lib/ or crud/)`);
  }
  return out;
}

function* walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (/\.(ts|tsx|mts)$/.test(e.name)) yield p;
  }
}

export function checkRepo() {
  const out = [];
  for (const top of ['packages/shared/src', 'apps/api/src', 'apps/web/src']) {
    const dir = path.join(root, top);
    if (!fs.existsSync(dir)) continue;
    for (const f of walk(dir)) out.push(...checkFile(path.relative(root, f).split(path.sep).join('/'), fs.readFileSync(f, 'utf8')));
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const problems = checkRepo();
  for (const p of problems) console.error(p);
  console.log(problems.length ? `${problems.length} import boundary violation(s)` : 'import boundaries: ok');
  process.exit(problems.length ? 1 : 0);
}
