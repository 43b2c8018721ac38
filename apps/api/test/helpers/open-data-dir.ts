// Opens the embedded database in the folder given, migrates it and closes it: as the server does at
// start, in a process of its own (a test worker thread cannot set the umask a server process sets).
import { openPglite } from '../../src/db/client.js';

const database = await openPglite(process.argv[2]!);
await database.migrate();
await database.close();
