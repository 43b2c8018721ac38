import { z } from 'zod';
import { defineResource } from '../crud/define-resource.js';
import { money, optionalText, outletSchema, recordBase, text, zeroOne } from '../primitives.js';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '../password-rules.js';

export const userSchema = z.object({
  ...recordBase,
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string(),
  is_admin: zeroOne(),
  profile_photo: z.string().nullable(),
  active: z.boolean(),
  /** The outlet whose till the staff member lands on after sign-in; null: the Makeup store's. */
  outlet: outletSchema.nullable(),
  /** Naira a month before commission (issue 32): admin only, never in an answer to staff. */
  base_pay: z.number().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** A new password (NIST SP 800-63B: length, not a common password); the username rule needs the username (userCreateSchema, the server). */
export const password = () =>
  z
    .string()
    .min(PASSWORD_MIN)
    .max(PASSWORD_MAX)
    .superRefine((pw, ctx) => {
      // the length itself is the min/max checks' message
      const problem = pw.length >= PASSWORD_MIN && pw.length <= PASSWORD_MAX ? passwordProblem(pw) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

const userFields = {
  name: text(100),
  username: z
    .string()
    .trim()
    .min(3)
    .max(50)
    .regex(/^[A-Za-z0-9._-]*$/, { error: 'The username may only contain letters, numbers, dots, dashes and underscores.' }),
  email: optionalText(150).pipe(z.email().nullable()),
  phone: optionalText(30),
  role: text(50),
  is_admin: zeroOne().default(0),
  active: z.boolean().default(true),
  outlet: outletSchema.nullish(),
  base_pay: money().nullish(),
};

export const userCreateSchema = z.object({ ...userFields, password: password() }).superRefine((u, ctx) => {
  if (passwordProblem(u.password) === null && passwordProblem(u.password, u.username)) ctx.addIssue({ code: 'custom', path: ['password'], message: passwordProblem(u.password, u.username)! });
});
export const userUpdateSchema = z.object(userFields).partial();

export const users = defineResource({
  name: 'users',
  path: '/api/users',
  label: 'Staff',
  singular: 'Staff member',
  record: userSchema,
  create: userCreateSchema,
  update: userUpdateSchema,
  searchable: ['name', 'username', 'email', 'phone', 'role'],
  sortable: ['name', 'username', 'role', 'is_admin', 'active', 'created_at'],
  defaultSort: { field: 'name', order: 'asc' },
  roles: { read: 'admin', write: 'admin' },
  adminOnly: ['base_pay'],
  fixture: {
    examples: (n) => [
      { name: `Ada Okoro ${n}`, username: `ada.${n}`, role: 'Makeup Artist', password: 'long-enough-pass-1' },
      { name: `Bisi Adeyemi ${n}`, username: `bisi.${n}`, role: 'Sales Attendant', is_admin: 1, email: `bisi.${n}@example.com`, phone: '0803 123 4567', password: 'long-enough-pass-1' },
      { name: `Chika Obi ${n}`, username: `chika.${n}`, role: 'Store Manager', active: false, password: 'long-enough-pass-1' },
    ],
  },
});

/** `PUT /api/users/password/{id}`. `current_password` is required when changing one's own. */
export const passwordChangeSchema = z
  .object({
    password: password(),
    password_confirmation: z.string().optional(),
    current_password: z.string().max(200).optional(),
  })
  .refine((b) => b.password_confirmation === undefined || b.password_confirmation === b.password, {
    path: ['password_confirmation'],
    error: 'The password confirmation does not match.',
  });
export type PasswordChange = z.input<typeof passwordChangeSchema>;
