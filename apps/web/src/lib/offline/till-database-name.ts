/**
 * The name of the till's IndexedDB database: Dexie opens it (./outbox.ts), and the shell's quick look counts in it
 * without Dexie (./sync-state.ts), so neither imports the other's code for it.
 */
export const TILL_DATABASE = 'studio-till';
