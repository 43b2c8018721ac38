import { DEFAULT_SETTINGS, studioSettingsSchema, type StudioSettings } from '@studio/shared';
import type { DbOrTx } from '../../db/client.js';
import { settingsTable } from './settings.table.js';

/** The studio's settings: each stored key that is still valid, the default for the rest. */
export async function readSettings(db: DbOrTx): Promise<StudioSettings> {
  const rows = await db.select({ key: settingsTable.key, value: settingsTable.value }).from(settingsTable);
  const out: StudioSettings = { ...DEFAULT_SETTINGS };
  const shape = studioSettingsSchema.shape;
  for (const row of rows) {
    if (!(row.key in shape)) continue;
    const parsed = shape[row.key as keyof StudioSettings].safeParse(row.value);
    if (parsed.success) (out as Record<string, unknown>)[row.key] = parsed.data;
  }
  return out;
}
