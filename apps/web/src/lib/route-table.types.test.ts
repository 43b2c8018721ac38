import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Decision 037: a screen that reads a field its answer does not have fails `tsc`. The compiler is run here on a
// small file that uses the client (as a screen does) against the real route table and shared schemas.

const webRoot = path.resolve(__dirname, '../..');
const probePath = path.join(webRoot, 'src/lib/route-table-probe.ts');

function diagnosticsOf(source: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(webRoot, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => (path.resolve(name) === probePath ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === probePath || fileExists(name);
  const program = ts.createProgram({ rootNames: [probePath], options: { ...config.options, noUnusedLocals: false }, host });
  return program.getSemanticDiagnostics(program.getSourceFile(probePath)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the route table types every answer', () => {
  it('refuses a screen that reads a field its answer lacks, and a template without its params', { timeout: 60_000 }, () => {
    const errors = diagnosticsOf(`
      import { route } from '@studio/shared';
      import { api } from './api-client';
      export async function screen() {
        const dashboard = await api.get('/api/dashboard');
        const run = await api.get(route('/api/pay-runs/{id}', { id: 4 }));
        const ok: string = dashboard.date + run.from;
        const wrong: number = run.no_such_field;
        await api.get('/api/pay-runs/{id}');
        await api.get('/api/not-in-the-table');
        return [ok, wrong];
      }
    `);
    expect(errors.some((e) => /no_such_field/.test(e))).toBe(true);
    expect(errors.some((e) => /pay-runs\/\{id\}/.test(e))).toBe(true);
    // a path the table does not hold is no call at all
    expect(errors.some((e) => /RoutePath<ApiRoute<"GET">>/.test(e))).toBe(true);
    // nothing else: the right fields of both answers type-check
    expect(errors).toHaveLength(3);
  });
});
