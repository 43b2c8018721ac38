import { describe, expect, it } from 'vitest';
import { isCommonPassword, passwordProblem } from './password-rules.js';
import { passwordChangeSchema, userCreateSchema } from './resources/users.js';

describe('passwords per NIST SP 800-63B (issue 19, D10)', () => {
  it('the common list is a real one (tens of thousands), compared without case', () => {
    for (const p of ['12345678', 'password', 'PASSWORD', 'qwertyuiop', 'iloveyou', 'trustno1']) expect(isCommonPassword(p), p).toBe(true);
    expect(isCommonPassword('lipstick-velvet-92')).toBe(false);
  });
  it('names the rule that is broken', () => {
    expect(passwordProblem('        ')).toMatch(/at least 8 characters/);
    expect(passwordProblem('aaaaaaaaaa')).toMatch(/repeated/);
    expect(passwordProblem('12345678')).toMatch(/common/);
    expect(passwordProblem('grace.okafor', 'Grace.Okafor')).toMatch(/username/);
    expect(passwordProblem('lipstick-velvet-92', 'grace')).toBeNull();
  });
  it('the shared schemas carry the rules (the web form shows them on the field)', () => {
    const create = userCreateSchema.safeParse({ name: 'Grace', username: 'grace.okafor', role: 'Sales', password: 'grace.okafor' });
    expect(create.success).toBe(false);
    expect(create.error!.issues[0]!.path).toEqual(['password']);
    expect(passwordChangeSchema.safeParse({ password: 'password1' }).success).toBe(false);
    expect(passwordChangeSchema.safeParse({ password: 'lipstick-velvet-92' }).success).toBe(true);
  });
});
