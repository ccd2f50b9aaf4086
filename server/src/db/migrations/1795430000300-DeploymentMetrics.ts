import { MigrationInterface, QueryRunner } from "typeorm";

/** Per app and 10-second bucket: requests through its stable URL and its instances' CPU and memory (deployment metrics). */
export class DeploymentMetrics1795430000300 implements MigrationInterface {
    name = 'DeploymentMetrics1795430000300'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "deployment_metrics" ("app_name" text NOT NULL, "bucket_at" TIMESTAMP WITH TIME ZONE NOT NULL, "project_id" uuid NOT NULL, "requests" integer NOT NULL DEFAULT 0, "errors" integer NOT NULL DEFAULT 0, "latency_buckets" integer array NOT NULL DEFAULT '{}', "usage_samples" integer NOT NULL DEFAULT 0, "cpu_percent_sum" double precision NOT NULL DEFAULT 0, "memory_bytes_sum" double precision NOT NULL DEFAULT 0, "instances" jsonb NOT NULL DEFAULT '[]', CONSTRAINT "PK_deployment_metrics" PRIMARY KEY ("app_name", "bucket_at"))`);
        await queryRunner.query(`CREATE INDEX "IDX_deployment_metrics_bucket" ON "deployment_metrics" ("bucket_at") `);
        await queryRunner.query(`CREATE INDEX "IDX_deployment_metrics_project" ON "deployment_metrics" ("project_id") `);
        await queryRunner.query(`ALTER TABLE "deployment_metrics" ADD CONSTRAINT "FK_deployment_metrics_project" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "deployment_metrics" DROP CONSTRAINT "FK_deployment_metrics_project"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_deployment_metrics_project"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_deployment_metrics_bucket"`);
        await queryRunner.query(`DROP TABLE "deployment_metrics"`);
    }
}
