import { z } from 'zod';

/**
 * One line of `GET /api/activity-log` (admin), newest first: who did what to which record, with the record
 * before and after a generic write. `action` is open-ended: create, update, delete from the resource routes,
 * and password, photo, login, logout, restock, write_off, transfer, void, close and reopen (of a day close) from the
 * calls beyond CRUD.
 * `before` and `after` are records as the API presents them (never a password hash), or a small summary.
 */
export const activityEntrySchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  record_id: z.number().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

