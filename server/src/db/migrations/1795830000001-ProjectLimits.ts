import { MigrationInterface, QueryRunner } from "typeorm";

/** projects: the project's own sandbox limits (issue 30), each null for the server's default. */
export class ProjectLimits1795830000001 implements MigrationInterface {
    name = 'ProjectLimits1795830000001'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "projects" ADD "limit_memory_mb" integer`);
        await queryRunner.query(`ALTER TABLE "projects" ADD "limit_processes" integer`);
        await queryRunner.query(`ALTER TABLE "projects" ADD "limit_cpu_percent" integer`);
        await queryRunner.query(`ALTER TABLE "projects" ADD "limit_disk_mb" integer`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "projects" DROP COLUMN "limit_disk_mb"`);
        await queryRunner.query(`ALTER TABLE "projects" DROP COLUMN "limit_cpu_percent"`);
        await queryRunner.query(`ALTER TABLE "projects" DROP COLUMN "limit_processes"`);
        await queryRunner.query(`ALTER TABLE "projects" DROP COLUMN "limit_memory_mb"`);
    }

}
