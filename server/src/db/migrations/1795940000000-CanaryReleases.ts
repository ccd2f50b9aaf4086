import { MigrationInterface, QueryRunner } from "typeorm";

/** Canary releases (issue 35): a canary deployment's steps, hold time, current step and requested action; events' measurements. */
export class CanaryReleases1795940000000 implements MigrationInterface {
    name = 'CanaryReleases1795940000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "deployments" ADD "canary_steps" integer array`);
        await queryRunner.query(`ALTER TABLE "deployments" ADD "canary_step_seconds" integer`);
        await queryRunner.query(`ALTER TABLE "deployments" ADD "canary_step" integer`);
        await queryRunner.query(`ALTER TABLE "deployments" ADD "canary_action" text`);
        await queryRunner.query(`ALTER TABLE "deployment_events" ADD "measurements" jsonb`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "deployment_events" DROP COLUMN "measurements"`);
        await queryRunner.query(`ALTER TABLE "deployments" DROP COLUMN "canary_action"`);
        await queryRunner.query(`ALTER TABLE "deployments" DROP COLUMN "canary_step"`);
        await queryRunner.query(`ALTER TABLE "deployments" DROP COLUMN "canary_step_seconds"`);
        await queryRunner.query(`ALTER TABLE "deployments" DROP COLUMN "canary_steps"`);
    }

}
