import type { AppConfig } from '../config.js';
import { openPglite, openPostgres, type Database } from './client.js';

/** PostgreSQL when DATABASE_URL is set, else the embedded database in DATA_DIR. Migrations run before use. */
export async function openDatabase(config: AppConfig, { migrate = true }: { migrate?: boolean } = {}): Promise<Database> {
  const database = config.databaseUrl ? openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  if (migrate) await database.migrate();
  return database;
}
