// `npm run audit:verify`: checks the audit log's hash chain (every entry links to the one before it and matches its
// own hash), so that a removed or edited entry is found. Exit code 1 when it is broken. See docs/operations.md.
import pg from 'pg';
import { loadDataLocation } from '../server/src/config/env.js';
import { openDataDatabase } from '../server/src/backup/backup.js';
import { verifyStoredChain } from '../server/src/modules/audit/audit-chain.js';

const database = await openDataDatabase(loadDataLocation(), { create: false });
const client = new pg.Client({ connectionString: database.url });
try {
  await client.connect();
  const { checked, problems } = await verifyStoredChain(async (sql, params) => (await client.query(sql, params)).rows);
  if (problems.length) {
    console.error(`Audit log BROKEN: ${problems.length} problem(s) in ${checked} entries`);
    for (const { seq, problem } of problems.slice(0, 50)) console.error(`  entry ${seq}: ${problem}`);
    process.exitCode = 1;
  } else {
    console.log(`Audit log intact: ${checked} entries, each linked to the one before it.`);
  }
} finally {
  await client.end();
  await database.stop();
}
