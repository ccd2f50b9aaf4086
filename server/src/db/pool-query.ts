import type pg from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/** A read that runs on every page view, straight on TypeORM's pg pool. */
export type PoolQuery = <Row>(text: string, values: unknown[]) => Promise<Row[]>;

/**
 * Queries on TypeORM's own pg pool without a TypeORM query runner per call (a runner, an entity manager and a
 * broadcaster built and released around every query), for the hot reads of the projects page. Same connections;
 * a failure is pg's own error rather than TypeORM's QueryFailedError around it, which only matters to code that
 * reads `driverError` (for a unique violation): reads have none.
 */
export function poolQuery(dataSource: DataSource): PoolQuery {
  return async <Row>(text: string, values: unknown[]) => {
    const pool = (dataSource.driver as PostgresDriver).master as pg.Pool;
    const result = await pool.query<Row & pg.QueryResultRow>(text, values);
    return result.rows;
  };
}
