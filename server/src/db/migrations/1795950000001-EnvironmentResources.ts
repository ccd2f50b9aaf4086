import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * environments: replicas and resources per environment (issue 35). Each environment starts with the replicas of the
 * deployment serving it (scaling was per deployment until now).
 */
export class EnvironmentResources1795950000001 implements MigrationInterface {
    name = 'EnvironmentResources1795950000001'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "environments" ADD "replicas" integer NOT NULL DEFAULT 1`);
        await queryRunner.query(`ALTER TABLE "environments" ADD "cpu_request" numeric(5,2)`);
        await queryRunner.query(`ALTER TABLE "environments" ADD "cpu_limit" numeric(5,2)`);
        await queryRunner.query(`ALTER TABLE "environments" ADD "memory_request_mb" integer`);
        await queryRunner.query(`ALTER TABLE "environments" ADD "memory_limit_mb" integer`);
        await queryRunner.query(`UPDATE "environments" e SET "replicas" = d."replicas" FROM "deployments" d WHERE d."environment_id" = e."id" AND d."is_active"`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "environments" DROP COLUMN "memory_limit_mb"`);
        await queryRunner.query(`ALTER TABLE "environments" DROP COLUMN "memory_request_mb"`);
        await queryRunner.query(`ALTER TABLE "environments" DROP COLUMN "cpu_limit"`);
        await queryRunner.query(`ALTER TABLE "environments" DROP COLUMN "cpu_request"`);
        await queryRunner.query(`ALTER TABLE "environments" DROP COLUMN "replicas"`);
    }

}
