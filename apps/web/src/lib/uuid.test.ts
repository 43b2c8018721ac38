import { describe, expect, it } from 'vitest';
import { randomUuid } from './uuid';

describe('randomUuid', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  it('is a v4 UUID, also where randomUUID is missing (a till opened over plain HTTP)', () => {
    expect(randomUuid()).toMatch(UUID);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const refs = new Set(Array.from({ length: 50 }, () => randomUuid()));
      expect(refs.size).toBe(50);
      for (const ref of refs) expect(ref).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
