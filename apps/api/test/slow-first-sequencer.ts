import { BaseSequencer, type TestSpecification } from 'vitest/node';
import slowFiles from './slow-files.json' with { type: 'json' };

/**
 * The API files that take a minute or more (real server processes started, killed and restarted; backups taken
 * and restored) start first, so the two workers do not end with one of them alone on a long file. The order
 * of everything else is vitest's own.
 */

// also read by scripts/test-all.mjs, which deals them out evenly between the two halves of the API run
const SLOW_FIRST: string[] = slowFiles;

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((name) => f.moduleId.includes(name));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    // Array.prototype.sort is stable: files outside the list keep vitest's order
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
