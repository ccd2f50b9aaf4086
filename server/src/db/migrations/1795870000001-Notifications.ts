import { MigrationInterface, QueryRunner } from "typeorm";

/** Notifications (issue 34): channels (webhook or email), rules, deliveries, and the triggers already sent once. */
export class Notifications1795870000001 implements MigrationInterface {
    name = 'Notifications1795870000001'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "notification_channels" ("id" uuid NOT NULL, "owner_id" uuid NOT NULL, "name" text NOT NULL, "kind" text NOT NULL, "url" text, "email" text, "secret_sealed" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_notification_channels" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_notification_channels_owner" ON "notification_channels" ("owner_id") `);
        await queryRunner.query(`CREATE TABLE "notification_rules" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner_id" uuid NOT NULL, "project_id" uuid, "channel_id" uuid NOT NULL, "events" text array NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_notification_rules" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_notification_rules_owner" ON "notification_rules" ("owner_id") `);
        await queryRunner.query(`CREATE TABLE "notification_deliveries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner_id" uuid NOT NULL, "channel_id" uuid NOT NULL, "project_id" uuid, "event" text NOT NULL, "summary" text NOT NULL, "payload" jsonb NOT NULL, "status" text NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "response_status" integer, "response_body" text, "error" text, "duration_ms" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "attempted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_notification_deliveries" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_notification_deliveries_owner_created" ON "notification_deliveries" ("owner_id", "created_at") `);
        // One row per trigger (a failed run, a deployment that went live, an app that turned unhealthy): every process
        // hears the same event, and only the one whose insert lands sends it.
        await queryRunner.query(`CREATE TABLE "notification_triggers" ("key" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_notification_triggers" PRIMARY KEY ("key"))`);
        await queryRunner.query(`ALTER TABLE "notification_channels" ADD CONSTRAINT "FK_notification_channels_owner" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "notification_rules" ADD CONSTRAINT "FK_notification_rules_owner" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "notification_rules" ADD CONSTRAINT "FK_notification_rules_project" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "notification_rules" ADD CONSTRAINT "FK_notification_rules_channel" FOREIGN KEY ("channel_id") REFERENCES "notification_channels"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "notification_deliveries" ADD CONSTRAINT "FK_notification_deliveries_owner" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "notification_deliveries" ADD CONSTRAINT "FK_notification_deliveries_channel" FOREIGN KEY ("channel_id") REFERENCES "notification_channels"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "notification_deliveries" DROP CONSTRAINT "FK_notification_deliveries_channel"`);
        await queryRunner.query(`ALTER TABLE "notification_deliveries" DROP CONSTRAINT "FK_notification_deliveries_owner"`);
        await queryRunner.query(`ALTER TABLE "notification_rules" DROP CONSTRAINT "FK_notification_rules_channel"`);
        await queryRunner.query(`ALTER TABLE "notification_rules" DROP CONSTRAINT "FK_notification_rules_project"`);
        await queryRunner.query(`ALTER TABLE "notification_rules" DROP CONSTRAINT "FK_notification_rules_owner"`);
        await queryRunner.query(`ALTER TABLE "notification_channels" DROP CONSTRAINT "FK_notification_channels_owner"`);
        await queryRunner.query(`DROP TABLE "notification_triggers"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_notification_deliveries_owner_created"`);
        await queryRunner.query(`DROP TABLE "notification_deliveries"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_notification_rules_owner"`);
        await queryRunner.query(`DROP TABLE "notification_rules"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_notification_channels_owner"`);
        await queryRunner.query(`DROP TABLE "notification_channels"`);
    }

}
