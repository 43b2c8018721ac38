#!/usr/bin/env node
// Import boundaries (style.md): shared -> features -> app, one way, never across features; in the API,
// the generic engine and the plugins sit below the resources and features that use them.
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
  // the engine knows the resources only through the list of them
  { name: 'api crud engine reaches resources and features only through crud/registry.ts', from: /^apps\/api\/src\/crud\/(?!registry\.ts$)/, forbid: [/^apps\/api\/src\/(features|resources)\//] },
  // plugins see the tables through db/schema, never a feature's or resource's own code
  { name: 'api plugins are below features and resources (tables through db/schema)', from: /^apps\/api\/src\/plugins\//, forbid: [/^apps\/api\/src\/(features|resources)\//] },
];

/**
 * Sibling rules: a file in one folder matching `folder` may not import from another folder matching it,
 * except targets matching `allow` (any import), `allowFrom[folder]` (any import, from that folder only) or
 * `allowTypes` (`import type` / `export type` only).
 */
export const SIBLING_RULES = [
  { name: 'web features never import other features: move it to lib/ or crud/', folder: /^apps\/web\/src\/features\/([^/]+)\// },
  {
    name: 'api resources never import another resource: only its table, or the users types',
    folder: /^apps\/api\/src\/resources\/([^/]+)\//,
    // a table is the schema (db/schema re-exports it); a foreign key needs the other table
    allow: [/^apps\/api\/src\/resources\/[^/]+\/[^/]+\.table(\.[jt]s)?$/],
    allowTypes: [/^apps\/api\/src\/resources\/users\//],
  },
  {
    name: 'api features never import another feature (declared exceptions: its tables)',
    folder: /^apps\/api\/src\/features\/([^/]+)\//,
    // declared exceptions: the dashboard sums the point of sale's orders (features/pos/orders.table.ts) and
    // shows the month's income and expense from the finance summaries (features/finances/finance-summaries.ts);
    // an admin's approval at the till is a sign-in (the login's password check and throttle, features/auth) against
    // the studio's discount limit (features/settings/settings.service.ts): docs/decisions/011-till-money-controls.md
    allow: [
      /^apps\/api\/src\/features\/[^/]+\/[^/]+\.table(\.[jt]s)?$/,
      /^apps\/api\/src\/features\/finances\/finance-summaries(\.[jt]s)?$/,
    ],
    // exceptions for one importing feature only: the till's approval is the point of sale's, not every feature's
    allowFrom: {
      pos: [/^apps\/api\/src\/features\/auth\/(login-throttle|check-credentials)(\.[jt]s)?$/, /^apps\/api\/src\/features\/settings\/settings\.service(\.[jt]s)?$/],
    },
  },
];

const importRe = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The repo-relative target of a relative import, or undefined for packages. */
function resolveTarget(file, spec) {
  if (spec.startsWith('@studio/shared')) return 'packages/shared/src/index.ts';
  if (!spec.startsWith('.')) return undefined;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
}

function siblingViolation(rule, file, target, typeOnly) {
  const a = file.match(rule.folder)?.[1];
  const b = target.match(rule.folder)?.[1];
  if (!a || !b || a === b) return false;
  if (rule.allow?.some((p) => p.test(target))) return false;
  if (rule.allowFrom?.[a]?.some((p) => p.test(target))) return false;
  if (typeOnly && rule.allowTypes?.some((p) => p.test(target))) return false;
  return true;
}

/** Violations in one file's text; `file` is repo-relative with forward slashes. */
export function checkFile(file, text) {
  const out = [];
  for (const m of text.matchAll(importRe)) {
    const spec = m[1] ?? m[2];
    const target = resolveTarget(file, spec);
    if (!target) continue;
    const typeOnly = /^(import|export)\s+type\s/.test(m[0]);
    for (const rule of RULES) {
      if (rule.from.test(file) && rule.forbid.some((f) => f.test(target))) out.push(`${file}: imports ${spec} (${rule.name})`);
    }
    for (const rule of SIBLING_RULES) {
      if (siblingViolation(rule, file, target, typeOnly)) out.push(`${file}: imports ${spec} (${rule.name})`);
    }
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
