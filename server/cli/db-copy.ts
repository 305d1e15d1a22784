/**
 * `npm run db:copy -- --from <DATA_DIR> [--to postgres://...]`
 *
 * Copies an installation's SQLite database (`<DATA_DIR>/app.db`) into an empty PostgreSQL
 * database (`--to`, else `DATABASE_URL`), then compares a count and a checksum of every table on
 * both sides and checks that every file a row names is in the data folder (server/cli/copy-database.ts).
 * Stop the server first: the copy reads a database nobody writes. Exit status 0 when everything
 * matches, 1 when the copy was refused (nothing written) or failed, 2 when a check differs.
 */
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DATABASE_FILE, openDatabase } from '../db/database.ts';
import { CopyRefused, copyMatches, copySqliteToPostgres } from './copy-database.ts';

const USAGE = 'Usage: npm run db:copy -- --from <DATA_DIR> [--to postgres://user@host/database]';

class UsageError extends Error {}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  const dataDir = values.from;
  const url = values.to ?? process.env.DATABASE_URL;
  if (dataDir === undefined || url === undefined || url === '') throw new UsageError(USAGE);
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new UsageError(`--to: not a PostgreSQL URL\n${USAGE}`);
  const file = path.join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) throw new UsageError(`${file} does not exist`);

  const source = new DatabaseSync(file, { readOnly: true });
  const target = openDatabase({ dataDir, databaseUrl: url });
  const started = performance.now();
  try {
    const report = await copySqliteToPostgres({ source, target, dataDir });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.table(
      report.tables.map((table) => ({
        table: table.table,
        'SQLite rows': table.sourceRows,
        'PostgreSQL rows': table.targetRows,
        checksums: table.sourceChecksum === table.targetChecksum ? 'equal' : 'DIFFERENT',
        checksum: table.targetChecksum.slice(0, 16),
      })),
    );
    const rows = report.tables.reduce((sum, table) => sum + table.targetRows, 0);
    console.log(`${rows} rows in ${report.tables.length} tables copied in ${seconds} s.`);
    if (report.missingFiles.length > 0) {
      console.error(
        `${report.missingFiles.length} files named by rows are not in ${dataDir}:\n` +
          report.missingFiles.join('\n'),
      );
    }
    if (!copyMatches(report) || report.missingFiles.length > 0) return 2;
    console.log('Every table matches. Start the servers with DATABASE_URL set to the copy.');
    return 0;
  } finally {
    source.close();
    await target.destroy();
  }
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    const expected = error instanceof UsageError || error instanceof CopyRefused;
    console.error(expected ? (error as Error).message : error);
    process.exit(1);
  },
);
