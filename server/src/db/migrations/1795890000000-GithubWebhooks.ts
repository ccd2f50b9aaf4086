import { MigrationInterface, QueryRunner } from "typeorm";

/** GitHub webhooks (issue 33): each cloud project's webhook secret (sealed), and the deliveries received, once each. */
export class GithubWebhooks1795890000000 implements MigrationInterface {
    name = 'GithubWebhooks1795890000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "projects" ADD "webhook_secret_encrypted" text`);
        await queryRunner.query(`CREATE TABLE "webhook_deliveries" ("guid" text NOT NULL, "project_id" uuid NOT NULL, "event" text NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_webhook_deliveries" PRIMARY KEY ("guid"))`);
        await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_webhook_deliveries_project" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
        await queryRunner.query(`ALTER TABLE "projects" DROP COLUMN "webhook_secret_encrypted"`);
    }

}
