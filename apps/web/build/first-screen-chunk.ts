import path from 'node:path';

/** What this reads of the bundler's module graph (rolldown's chunking context). */
export interface ModuleGraph {
  getModuleInfo(id: string): { code: string | null; importedIds: readonly string[]; exports?: readonly string[] } | null;
}

interface Statement {
  /** the module it imports from (resolved among the importer's imports), if found */
  dep: string | undefined;
  /** [imported name, local or exported name]; `*` for a namespace; empty for `export * from` or a bare import */
  bindings: [string, string][];
  reexport: boolean;
}

interface Parsed {
  statements: Statement[];
  /** only imports and exports: a package's index */
  index: boolean;
  /** exported name -> local name (`export { a as b }`) */
  locals: Map<string, string>;
  /** imports with no statement in the code read (added by a transform: the JSX runtime, the preload helper) */
  unmatched: string[];
}

const STATEMENT = /(?:^|[;\n])\s*(import|export)\s*(?:([\w$*{}\s,]+?)\s*from\s*)?["']([^"']+)["']/g;
const LOCAL_EXPORT = /(?:^|[;\n])\s*export\s*\{([^}]*)\}(?!\s*from)/g;
const EXT = /\.(js|mjs|cjs|ts|tsx|jsx)$/;

function parseBindings(clause: string | undefined): [string, string][] {
  if (!clause) return [];
  const out: [string, string][] = [];
  const braces = clause.match(/\{([^}]*)\}/);
  const rest = clause.replace(/\{[^}]*\}/, '').trim().replace(/,$/, '').trim();
  if (braces)
    for (const part of braces[1]!.split(',').map((p) => p.trim()).filter(Boolean)) {
      const [imported, local] = part.split(/\s+as\s+/).map((s) => s.trim().replace(/^type\s+/, ''));
      out.push([imported!, local ?? imported!]);
    }
  if (rest.startsWith('*')) out.push(['*', rest.split(/\s+as\s+/)[1]?.trim() ?? '*']);
  else if (rest) out.push(['default', rest.replace(/,.*/, '').trim()]);
  return out;
}

/** The id a specifier of `from` resolved to, among its imports. */
function resolveSpec(from: string, spec: string, ids: readonly string[]): string | undefined {
  if (spec.startsWith('.')) {
    const target = path.resolve(path.dirname(from), spec);
    const bare = target.replace(EXT, '');
    return ids.find((id) => {
      const file = id.replace(/\?.*$/, '');
      return file === target || file.replace(EXT, '') === bare || file.startsWith(`${bare}${path.sep}index.`);
    });
  }
  if (spec === '@studio/shared') return ids.find((id) => id.includes(`${path.sep}packages${path.sep}shared${path.sep}`));
  const name = spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
  const matches = ids.filter((id) => id.includes(`${path.sep}node_modules${path.sep}${name}${path.sep}`));
  return matches.length === 1 ? matches[0] : (matches.find((id) => id.includes(spec.slice(name.length + 1) || '\0')) ?? matches[0]);
}

function parse(id: string, code: string, ids: readonly string[]): Parsed {
  const statements = [...code.matchAll(STATEMENT)].map(
    (m): Statement => ({ dep: resolveSpec(id, m[3]!, ids), reexport: m[1] === 'export', bindings: m[1] === 'export' && m[2]?.trim() === '*' ? [] : parseBindings(m[2]) }),
  );
  const rest = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/(?:^|[;\n])\s*(import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'][^"']+["'];?/g, '\n')
    .replace(/(?:^|[;\n])\s*export\s*\{[^}]*\};?/g, '\n');
  const locals = new Map<string, string>();
  for (const m of code.matchAll(LOCAL_EXPORT)) for (const [local, exported] of parseBindings(`{${m[1]}}`)) locals.set(exported, local);
  const found = new Set(statements.map((s) => s.dep));
  return { statements, index: rest.trim() === '', locals, unmatched: ids.filter((dep) => !found.has(dep)) };
}

/**
 * The modules that `roots` need. The module graph alone would take every module behind a package's index (all of
 * `@mantine/core` for one Button, all of `@studio/shared` for one label): a name asked of a module that only passes it
 * on (an index, a re-export) is followed to where it is defined.
 */
export function neededModules(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const parsed = new Map<string, Parsed | null>();
  const parsedOf = (id: string) => {
    if (!parsed.has(id)) {
      const info = graph.getModuleInfo(id);
      parsed.set(id, info?.code ? parse(id, info.code, info.importedIds) : null);
    }
    return parsed.get(id)!;
  };
  /** where a name passed on by `p` comes from: [module, name there], or none when `p` defines it */
  const passedOn = (p: Parsed, name: string): [string, string][] => {
    const local = p.locals.get(name) ?? name;
    const hits: [string, string][] = [];
    for (const s of p.statements) {
      if (!s.dep) continue;
      const hit = s.bindings.find(([, bound]) => bound === (s.reexport ? name : local));
      if (hit && (s.reexport || p.locals.has(name) || p.index)) hits.push([s.dep, hit[0]]);
    }
    if (hits.length || !p.index) return hits;
    for (const s of p.statements)
      if (s.dep && s.reexport && !s.bindings.length) {
        const exports = graph.getModuleInfo(s.dep)?.exports;
        if (!exports || exports.includes(name)) hits.push([s.dep, name]);
      }
    return hits;
  };
  const needed = new Set<string>();
  const asked = new Map<string, Set<string>>();
  const queue: [string, string][] = roots.map((root) => [root, '*']);
  while (queue.length) {
    const [id, name] = queue.pop()!;
    const seen = asked.get(id) ?? new Set<string>();
    if (seen.has(name) || seen.has('*')) continue;
    seen.add(name);
    asked.set(id, seen);
    const p = parsedOf(id);
    if (!p) {
      needed.add(id);
      for (const dep of graph.getModuleInfo(id)?.importedIds ?? []) queue.push([dep, '*']);
      continue;
    }
    if (name !== '*') {
      const from = passedOn(p, name);
      if (from.length || p.index) {
        queue.push(...from);
        continue;
      }
    }
    // defined here: the module is taken whole, with everything it imports
    if (seen.has('whole')) continue;
    seen.add('whole');
    needed.add(id);
    for (const s of p.statements) {
      if (!s.dep || (s.reexport && s.bindings.length)) continue;
      if (!s.bindings.length || s.bindings.some(([imported]) => imported === '*')) queue.push([s.dep, '*']);
      else for (const [imported] of s.bindings) queue.push([s.dep, imported]);
    }
    for (const dep of p.unmatched) queue.push([dep, '*']);
  }
  return needed;
}
