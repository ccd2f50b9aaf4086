import { MigrationInterface, QueryRunner } from "typeorm";

export class PipelineRuns1795424381866 implements MigrationInterface {
    name = 'PipelineRuns1795424381866'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TYPE "public"."pipeline_run_status" AS ENUM('running', 'completed', 'failed', 'cancelled')`);
        await queryRunner.query(`CREATE TABLE "pipeline_runs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "stream_name" text NOT NULL, "owner_id" uuid NOT NULL, "project_id" uuid, "status" "public"."pipeline_run_status" NOT NULL DEFAULT 'running', "seq" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_485786394df8fcdcbdbcdaedda3" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_pipeline_runs_owner" ON "pipeline_runs"  ("owner_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_pipeline_runs_project_created" ON "pipeline_runs"  ("project_id", "created_at") `);
        await queryRunner.query(`CREATE TYPE "public"."pipeline_step_status" AS ENUM('pending', 'running', 'completed', 'failed', 'skipped')`);
        await queryRunner.query(`CREATE TABLE "pipeline_steps" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "run_id" uuid NOT NULL, "position" integer NOT NULL, "step_id" text NOT NULL, "status" "public"."pipeline_step_status" NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "started_at" TIMESTAMP WITH TIME ZONE, "completed_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "error_message" text, "log" text NOT NULL DEFAULT '', "substeps" jsonb NOT NULL DEFAULT '[]', "checkpoint" jsonb NOT NULL DEFAULT '{}', CONSTRAINT "PK_dd17251e8708b56eef5996ec030" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_pipeline_steps_run_position" ON "pipeline_steps"  ("run_id", "position") `);
        await queryRunner.query(`ALTER TABLE "pipeline_runs" ADD CONSTRAINT "FK_f26abba63f3b45c518d1a844d25" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "pipeline_steps" ADD CONSTRAINT "FK_8943a54f017d614935242c79abd" FOREIGN KEY ("run_id") REFERENCES "pipeline_runs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "pipeline_steps" DROP CONSTRAINT "FK_8943a54f017d614935242c79abd"`);
        await queryRunner.query(`ALTER TABLE "pipeline_runs" DROP CONSTRAINT "FK_f26abba63f3b45c518d1a844d25"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_pipeline_steps_run_position"`);
        await queryRunner.query(`DROP TABLE "pipeline_steps"`);
        await queryRunner.query(`DROP TYPE "public"."pipeline_step_status"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_pipeline_runs_project_created"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_pipeline_runs_owner"`);
        await queryRunner.query(`DROP TABLE "pipeline_runs"`);
        await queryRunner.query(`DROP TYPE "public"."pipeline_run_status"`);
    }

}
