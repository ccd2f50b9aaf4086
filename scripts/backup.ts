// `npm run backup [-- --output <file or folder>]`: one archive of everything Slipway needs (its database as a
// consistent snapshot, the secret key, local repositories, artifacts, build logs), made while Slipway runs.
// Default: <data directory>/backups/slipway-backup-<time>.tar.gz. See docs/operations.md.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadDataLocation } from '../server/src/config/env.js';
import { BackupError } from '../server/src/backup/backup-archive.js';
import { createBackup } from '../server/src/backup/backup.js';
import { progressLine } from './progress-line.js';

const args = process.argv.slice(2);
const at = args.indexOf('--output');
const location = loadDataLocation();
const stamp = new Date().toISOString().replace(/[:.]/g, '-').replace('T', '-').slice(0, 19);
const name = `slipway-backup-${stamp}.tar.gz`;
const given = at >= 0 ? path.resolve(args[at + 1] ?? '') : path.join(location.dataDir, 'backups');
const output = existsSync(given) && statSync(given).isDirectory() ? path.join(given, name) : at >= 0 ? given : path.join(given, name);
mkdirSync(path.dirname(output), { recursive: true, mode: 0o700 });

const progress = progressLine('Backup');
try {
  const summary = await createBackup(location, output, progress.update);
  progress.done();
  console.log(
    `Backed up ${summary.tables} tables (${summary.rows.toLocaleString('en')} rows) and ${summary.files.toLocaleString('en')} files ` +
      `(${(summary.fileBytes / 1e6).toFixed(1)} MB) to ${summary.file} (${(summary.bytes / 1e6).toFixed(1)} MB). ` +
      'It holds the secret key and the encrypted secrets: keep it as private as the data directory.',
  );
} catch (error) {
  progress.done();
  console.error(error instanceof BackupError ? `Backup failed: ${error.message}` : error);
  process.exitCode = 1;
}
