/**
 * `npm run backup [-- --out DIR]`: one archive of the database and the data folder's files into
 * `DIR`, else `BACKUP_DIR` (server/backup; docs/operations.md), while the server runs.
 * `npm run backup -- --verify FILE`: reads a whole archive and checks every entry against its
 * manifest, restoring nothing. Exit status 0 when done or sound, 1 otherwise.
 */
import { getPriority, setPriority } from 'node:os';
import { BACKUP_NICENESS } from '../backup/backup-process.ts';

// Both run beside the live server, whose requests go first, however they were started. Lowered
// before the rest loads: loading the server's modules is 0.7 s of CPU, most of a small backup's.
setPriority(Math.max(BACKUP_NICENESS, getPriority()));
await import('./backup-command.ts');
