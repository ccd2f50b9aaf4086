import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * version_number becomes the order a project's versions were created in (1, 2, 3, …) instead of a number made
 * from the tag: existing versions are numbered by created_at, and each project counts the numbers it gave.
 */
export class VersionNumbers1795430000500 implements MigrationInterface {
    name = 'VersionNumbers1795430000500'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "projects" ADD "version_count" integer NOT NULL DEFAULT 0`);
        await queryRunner.query(`UPDATE "versions" v SET "version_number" = numbered.n FROM (SELECT "id", row_number() OVER (PARTITION BY "project_id" ORDER BY "created_at", "id") AS n FROM "versions") numbered WHERE v."id" = numbered."id"`);
        await queryRunner.query(`UPDATE "projects" p SET "version_count" = counted.n FROM (SELECT "project_id", max("version_number") AS n FROM "versions" GROUP BY "project_id") counted WHERE p."id" = counted."project_id"`);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_versions_project_number" ON "versions" ("project_id", "version_number")`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."UQ_versions_project_number"`);
        await queryRunner.query(`ALTER TABLE "projects" DROP COLUMN "version_count"`);
    }
}
