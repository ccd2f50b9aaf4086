import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { entities } from './entities.js';
import { migrations } from './migrations.js';

export function createDataSource(url: string, poolSize = 10): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    // gen_random_uuid() is built into PostgreSQL 13+; no extension to install.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    poolSize,
    extra: { connectionTimeoutMillis: 10_000 },
  });
}
