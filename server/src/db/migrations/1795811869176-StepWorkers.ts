import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Dead-worker takeover: each step records the worker and the job of its current attempt, each heartbeat how a process
 * of the same machine checks that the worker still runs; the recovery sweep reads the running runs by a partial index.
 */
export class StepWorkers1795811869176 implements MigrationInterface {
    name = 'StepWorkers1795811869176'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "worker_heartbeats" ADD "process_key" text`);
        await queryRunner.query(`ALTER TABLE "pipeline_steps" ADD "worker_id" text`);
        await queryRunner.query(`ALTER TABLE "pipeline_steps" ADD "job_id" uuid`);
        await queryRunner.query(`CREATE INDEX "IDX_pipeline_runs_running" ON "pipeline_runs" ("id") WHERE status = 'running'`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."IDX_pipeline_runs_running"`);
        await queryRunner.query(`ALTER TABLE "pipeline_steps" DROP COLUMN "job_id"`);
        await queryRunner.query(`ALTER TABLE "pipeline_steps" DROP COLUMN "worker_id"`);
        await queryRunner.query(`ALTER TABLE "worker_heartbeats" DROP COLUMN "process_key"`);
    }
}
