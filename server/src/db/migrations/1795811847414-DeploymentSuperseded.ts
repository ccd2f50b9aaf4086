import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A deployment that a newer deployment replaced is 'superseded', no longer 'rolled_back' (kept for rollbacks); a
 * rollback is a deployment of its own that names the one it restores. Existing rows replaced by a deploy (rolled
 * back with no reason, where a rollback or an automatic rollback always gives one) become superseded, their
 * rolled_back_at moving to superseded_at. The enum is rebuilt rather than extended with ADD VALUE, which cannot be
 * used in the transaction that adds it.
 */
export class DeploymentSuperseded1795811847414 implements MigrationInterface {
    name = 'DeploymentSuperseded1795811847414'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "deployments" ADD "superseded_at" TIMESTAMP WITH TIME ZONE`);
        await queryRunner.query(`ALTER TABLE "deployments" ADD "restores_deployment_id" uuid`);
        await queryRunner.query(`DROP INDEX "public"."IDX_deployments_project_environment"`);
        await queryRunner.query(`ALTER TYPE "public"."deployment_status" RENAME TO "deployment_status_old"`);
        await queryRunner.query(`CREATE TYPE "public"."deployment_status" AS ENUM('pending', 'deploying', 'ready', 'active', 'rolled_back', 'cleaning_up', 'rolling_back', 'archived', 'superseded')`);
        await queryRunner.query(`ALTER TABLE "deployments" ALTER COLUMN "status" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "deployments" ALTER COLUMN "status" TYPE "public"."deployment_status" USING "status"::"text"::"public"."deployment_status"`);
        await queryRunner.query(`ALTER TABLE "deployments" ALTER COLUMN "status" SET DEFAULT 'pending'`);
        await queryRunner.query(`DROP TYPE "public"."deployment_status_old"`);
        await queryRunner.query(`CREATE INDEX "IDX_deployments_project_environment" ON "deployments"  ("project_id", "environment", "status") `);
        await queryRunner.query(`UPDATE "deployments" SET "status" = 'superseded', "superseded_at" = "rolled_back_at", "rolled_back_at" = NULL WHERE "status" = 'rolled_back' AND "rollback_reason" IS NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`UPDATE "deployments" SET "status" = 'rolled_back', "rolled_back_at" = COALESCE("rolled_back_at", "superseded_at") WHERE "status" = 'superseded'`);
        await queryRunner.query(`DROP INDEX "public"."IDX_deployments_project_environment"`);
        await queryRunner.query(`CREATE TYPE "public"."deployment_status_old" AS ENUM('pending', 'deploying', 'ready', 'active', 'rolled_back', 'cleaning_up', 'rolling_back', 'archived')`);
        await queryRunner.query(`ALTER TABLE "deployments" ALTER COLUMN "status" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "deployments" ALTER COLUMN "status" TYPE "public"."deployment_status_old" USING "status"::"text"::"public"."deployment_status_old"`);
        await queryRunner.query(`ALTER TABLE "deployments" ALTER COLUMN "status" SET DEFAULT 'pending'`);
        await queryRunner.query(`DROP TYPE "public"."deployment_status"`);
        await queryRunner.query(`ALTER TYPE "public"."deployment_status_old" RENAME TO "deployment_status"`);
        await queryRunner.query(`CREATE INDEX "IDX_deployments_project_environment" ON "deployments"  ("project_id", "environment", "status") `);
        await queryRunner.query(`ALTER TABLE "deployments" DROP COLUMN "restores_deployment_id"`);
        await queryRunner.query(`ALTER TABLE "deployments" DROP COLUMN "superseded_at"`);
    }
}
