import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every tag filter is scoped to one owner, and a GIN index on tags alone matches the tag across all
 * owners (thousands of rows to intersect with the owner's). Keying the GIN index on "owner:tag" makes
 * the owner's matches one short posting list. Hand-written: TypeORM cannot express expression indexes.
 */
export class ProjectsOwnerTagsIndex1795370423383 implements MigrationInterface {
  name = 'ProjectsOwnerTagsIndex1795370423383';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION "project_owner_tags"(owner uuid, tags text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE ` +
        `AS $$ SELECT array(SELECT owner::text || ':' || tag FROM unnest(tags) AS tag) $$`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_projects_owner_tags" ON "projects" USING GIN ("project_owner_tags"("owner_id", "tags"))`);
    await queryRunner.query(`DROP INDEX "public"."IDX_projects_tags"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_projects_tags" ON "projects" USING GIN ("tags")`);
    await queryRunner.query(`DROP INDEX "public"."IDX_projects_owner_tags"`);
    await queryRunner.query(`DROP FUNCTION "project_owner_tags"(uuid, text[])`);
  }
}
