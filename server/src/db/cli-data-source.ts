/** The one DataSource TypeORM's CLI loads (migration:generate/run/revert) against DATABASE_URL. */
import { loadConfig } from '../config/env.js';
import { createDataSource } from './data-source.js';

const { databaseUrl } = loadConfig();
if (!databaseUrl) throw new Error('Set DATABASE_URL to run TypeORM CLI commands');

export default createDataSource(databaseUrl);
