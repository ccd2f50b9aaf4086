import { MigrationInterface, QueryRunner } from "typeorm";

export class CommandLogs1795369736315 implements MigrationInterface {
    name = 'CommandLogs1795369736315'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TYPE "public"."command_result_type" AS ENUM('output', 'error', 'success', 'info')`);
        await queryRunner.query(`CREATE TABLE "command_logs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "command" text NOT NULL, "type" "public"."command_result_type" NOT NULL, "output" text NOT NULL, "success" boolean NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_15837db71653337438e0c578f56" PRIMARY KEY ("id"))`);
        // Written by hand: TypeORM cannot generate the DESC order of the log's newest-first index.
        await queryRunner.query(`CREATE INDEX "IDX_command_logs_user_id_created_at" ON "command_logs" ("user_id", "created_at" DESC)`);
        await queryRunner.query(`CREATE TABLE "command_working_directories" ("user_id" uuid NOT NULL, "path" text NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b18ed24de621692feb51b088efd" PRIMARY KEY ("user_id"))`);
        await queryRunner.query(`ALTER TABLE "command_logs" ADD CONSTRAINT "FK_68114ae6d043b83c7e778fc16cf" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "command_working_directories" ADD CONSTRAINT "FK_b18ed24de621692feb51b088efd" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "command_working_directories" DROP CONSTRAINT "FK_b18ed24de621692feb51b088efd"`);
        await queryRunner.query(`ALTER TABLE "command_logs" DROP CONSTRAINT "FK_68114ae6d043b83c7e778fc16cf"`);
        await queryRunner.query(`DROP TABLE "command_working_directories"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_command_logs_user_id_created_at"`);
        await queryRunner.query(`DROP TABLE "command_logs"`);
        await queryRunner.query(`DROP TYPE "public"."command_result_type"`);
    }

}
