import { MigrationInterface, QueryRunner } from "typeorm";

export class VersionBuildRuns1795430000071 implements MigrationInterface {
    name = 'VersionBuildRuns1795430000071'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "versions" ADD "build_run_id" uuid`);
        await queryRunner.query(`CREATE INDEX "IDX_versions_build_run" ON "versions"  ("build_run_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_versions_project_created" ON "versions"  ("project_id", "created_at") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."IDX_versions_project_created"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_versions_build_run"`);
        await queryRunner.query(`ALTER TABLE "versions" DROP COLUMN "build_run_id"`);
    }
}
