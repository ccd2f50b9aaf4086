import { MigrationInterface, QueryRunner } from "typeorm";

export class DeploymentRollouts1795430000120 implements MigrationInterface {
    name = 'DeploymentRollouts1795430000120'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "deployments" ADD "environment_snapshot" text`);
        await queryRunner.query(`ALTER TABLE "deployments" ADD "rollback_reason" text`);
        await queryRunner.query(`ALTER TABLE "deployments" ADD "run_id" uuid`);
        await queryRunner.query(`CREATE INDEX "IDX_deployments_run" ON "deployments" ("run_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_deployments_project_environment" ON "deployments" ("project_id", "environment", "status") `);
        await queryRunner.query(`CREATE TABLE "deployment_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "deployment_id" uuid NOT NULL, "owner_id" uuid NOT NULL, "type" text NOT NULL, "message" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT clock_timestamp(), CONSTRAINT "PK_deployment_events" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_deployment_events_deployment_created" ON "deployment_events" ("deployment_id", "created_at") `);
        await queryRunner.query(`ALTER TABLE "deployment_events" ADD CONSTRAINT "FK_deployment_events_deployment" FOREIGN KEY ("deployment_id") REFERENCES "deployments"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "deployment_events" ADD CONSTRAINT "FK_deployment_events_owner" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "deployment_events" DROP CONSTRAINT "FK_deployment_events_owner"`);
        await queryRunner.query(`ALTER TABLE "deployment_events" DROP CONSTRAINT "FK_deployment_events_deployment"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_deployment_events_deployment_created"`);
        await queryRunner.query(`DROP TABLE "deployment_events"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_deployments_project_environment"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_deployments_run"`);
        await queryRunner.query(`ALTER TABLE "deployments" DROP COLUMN "run_id"`);
        await queryRunner.query(`ALTER TABLE "deployments" DROP COLUMN "rollback_reason"`);
        await queryRunner.query(`ALTER TABLE "deployments" DROP COLUMN "environment_snapshot"`);
    }
}
