import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GIN's fast-update pending list is searched linearly by every query until vacuum merges it; after bulk
 * inserts that made a one-owner tag lookup read hundreds of pages (2.8 ms instead of 0.1 ms). Projects are
 * written rarely and listed constantly, so entries go straight into the index instead.
 */
export class ProjectsOwnerTagsNoPendingList1795371278872 implements MigrationInterface {
  name = 'ProjectsOwnerTagsNoPendingList1795371278872';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER INDEX "IDX_projects_owner_tags" SET (fastupdate = off)`);
    await queryRunner.query(`SELECT gin_clean_pending_list('"IDX_projects_owner_tags"'::regclass)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER INDEX "IDX_projects_owner_tags" RESET (fastupdate)`);
  }
}
