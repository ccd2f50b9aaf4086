import { MigrationInterface, QueryRunner } from "typeorm";

export class WorkerHeartbeats1795422644166 implements MigrationInterface {
    name = 'WorkerHeartbeats1795422644166'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "worker_heartbeats" ("id" text NOT NULL, "role" text NOT NULL, "host" text NOT NULL, "pid" integer NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_b78cac2cb4a34485da0553fd5c9" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_worker_heartbeats_seen_at" ON "worker_heartbeats"  ("seen_at") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."IDX_worker_heartbeats_seen_at"`);
        await queryRunner.query(`DROP TABLE "worker_heartbeats"`);
    }

}
