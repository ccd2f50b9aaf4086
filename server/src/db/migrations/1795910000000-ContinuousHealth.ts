import { MigrationInterface, QueryRunner } from "typeorm";

/** Continuous health (issue 35): a deployment's health failure after it went live, and each environment's auto-rollback switch (production: on). */
export class ContinuousHealth1795910000000 implements MigrationInterface {
    name = 'ContinuousHealth1795910000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "deployments" ADD "health_failure" text`);
        await queryRunner.query(`ALTER TABLE "deployments" ADD "health_failed_at" TIMESTAMP WITH TIME ZONE`);
        await queryRunner.query(`ALTER TABLE "environments" ADD "auto_rollback" boolean NOT NULL DEFAULT false`);
        await queryRunner.query(`UPDATE "environments" SET "auto_rollback" = true WHERE "name" = 'production'`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "environments" DROP COLUMN "auto_rollback"`);
        await queryRunner.query(`ALTER TABLE "deployments" DROP COLUMN "health_failed_at"`);
        await queryRunner.query(`ALTER TABLE "deployments" DROP COLUMN "health_failure"`);
    }

}
