import { describe, expect, it } from 'vitest';
import { type ModuleGraph, neededModules } from '../../build/first-screen-chunk';

/** A module graph as the bundler gives it: every module behind an index is imported by it, used or not. */
function graph(modules: Record<string, { code: string; imports?: string[]; exports?: string[] }>): ModuleGraph {
  return { getModuleInfo: (id) => (modules[id] ? { code: modules[id].code, importedIds: modules[id].imports ?? [], exports: modules[id].exports } : null) };
}

const G = graph({
  '/app/src/page.tsx': { code: 'import { Button } from "kit";\nimport { LABEL } from "./shared/index.ts";\nexport const Page = () => [Button, LABEL];', imports: ['/app/node_modules/kit/index.mjs', '/app/src/shared/index.ts', '/app/node_modules/react/jsx-runtime.js'] },
  // an index in Mantine's style: imports, then one export list
  '/app/node_modules/kit/index.mjs': {
    code: 'import { Button } from "./Button.mjs";\nimport { Menu } from "./Menu.mjs";\nexport { Button, Menu };',
    imports: ['/app/node_modules/kit/Button.mjs', '/app/node_modules/kit/Menu.mjs'],
  },
  '/app/node_modules/kit/Button.mjs': { code: 'import { box } from "./box.mjs";\nexport const Button = box;', imports: ['/app/node_modules/kit/box.mjs'] },
  '/app/node_modules/kit/box.mjs': { code: 'export const box = 1;' },
  '/app/node_modules/kit/Menu.mjs': { code: 'import { float } from "./floating.mjs";\nexport const Menu = float;', imports: ['/app/node_modules/kit/floating.mjs'] },
  '/app/node_modules/kit/floating.mjs': { code: 'export const float = 2;' },
  // an index of `export *`, and a module that defines schemas and passes a label on from a module without them
  '/app/src/shared/index.ts': { code: 'export * from "./schemas.ts";\nexport * from "./labels.ts";', imports: ['/app/src/shared/schemas.ts', '/app/src/shared/labels.ts'] },
  '/app/src/shared/schemas.ts': {
    code: 'import { z } from "zod";\nimport { LABEL } from "./labels.ts";\nexport { LABEL } from "./labels.ts";\nexport const schema = z.enum([LABEL]);',
    imports: ['/app/node_modules/zod/index.js', '/app/src/shared/labels.ts'],
    exports: ['LABEL', 'schema'],
  },
  '/app/src/shared/labels.ts': { code: 'export const LABEL = "x";', exports: ['LABEL'] },
  '/app/node_modules/zod/index.js': { code: 'export const z = {};' },
  '/app/node_modules/react/jsx-runtime.js': { code: 'export const jsx = 0;' },
});

describe('neededModules (the first screen chunk, vite.config.ts)', () => {
  it('follows a package index and a re-export only for the names imported through them', () => {
    expect([...neededModules(G, ['/app/src/page.tsx'])].sort()).toEqual([
      '/app/node_modules/kit/Button.mjs',
      '/app/node_modules/kit/box.mjs',
      '/app/node_modules/react/jsx-runtime.js',
      '/app/src/page.tsx',
      '/app/src/shared/labels.ts',
    ]);
  });

  it('takes a module that defines what is asked whole, with all it imports', () => {
    const needed = neededModules(G, ['/app/src/shared/schemas.ts']);
    expect(needed.has('/app/node_modules/zod/index.js')).toBe(true);
    expect(needed.has('/app/src/shared/labels.ts')).toBe(true);
  });
});
