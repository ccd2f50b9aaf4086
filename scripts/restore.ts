// `npm run restore -- <archive>`: brings a backup made by `npm run backup` back into an empty data directory
// (SLIPWAY_DATA_DIR) and, without DATABASE_URL, a new embedded database (with DATABASE_URL: that empty database).
// Then `npm start`. See docs/operations.md.
import path from 'node:path';
import { loadDataLocation } from '../server/src/config/env.js';
import { BackupError } from '../server/src/backup/backup-archive.js';
import { restoreBackup } from '../server/src/backup/restore.js';
import { progressLine } from './progress-line.js';

const archive = process.argv[2];
if (!archive) {
  console.error('Usage: npm run restore -- <archive made by npm run backup>');
  process.exit(2);
}
const progress = progressLine('Restore');
try {
  const summary = await restoreBackup(loadDataLocation(), path.resolve(archive), progress.update);
  progress.done();
  console.log(
    `Restored ${summary.tables} tables (${summary.rows.toLocaleString('en')} rows) and ${summary.files.toLocaleString('en')} files into ${summary.dataDir}` +
      `${summary.database === 'DATABASE_URL' ? ' and the database at DATABASE_URL' : ''}. Start Slipway with npm start.`,
  );
} catch (error) {
  progress.done();
  console.error(error instanceof BackupError ? `Restore failed: ${error.message}` : error);
  process.exitCode = 1;
}
