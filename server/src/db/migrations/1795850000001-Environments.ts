import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * environments (issue 33): every project gets 'production' fed by main with auto-deploy on, and an environment for
 * every other name its deployments used; deployments name theirs by id; pushes record what each push did; a
 * project's preview settings (previews on by default, no idle limit).
 * Variable overrides start empty (an empty string: no overrides sealed yet).
 */
export class Environments1795850000001 implements MigrationInterface {
    name = 'Environments1795850000001'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "environments" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner_id" uuid NOT NULL, "project_id" uuid NOT NULL, "name" text NOT NULL, "branch" text, "auto_deploy" boolean NOT NULL DEFAULT false, "kind" text NOT NULL DEFAULT 'standard', "variables_encrypted" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_environments" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_environments_project_name" ON "environments" ("project_id", "name") `);
        await queryRunner.query(`CREATE INDEX "IDX_environments_project_branch" ON "environments" ("project_id", "branch") `);
        await queryRunner.query(`ALTER TABLE "environments" ADD CONSTRAINT "FK_environments_owner" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "environments" ADD CONSTRAINT "FK_environments_project" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`INSERT INTO "environments" ("owner_id", "project_id", "name", "branch", "auto_deploy", "variables_encrypted") SELECT "owner_id", "id", 'production', 'main', true, '' FROM "projects"`);
        await queryRunner.query(`INSERT INTO "environments" ("owner_id", "project_id", "name", "branch", "auto_deploy", "variables_encrypted") SELECT DISTINCT "owner_id", "project_id", "environment", NULL::text, false, '' FROM "deployments" WHERE "environment" <> 'production' ON CONFLICT DO NOTHING`);
        await queryRunner.query(`ALTER TABLE "deployments" ADD "environment_id" uuid`);
        await queryRunner.query(`UPDATE "deployments" d SET "environment_id" = e."id" FROM "environments" e WHERE e."project_id" = d."project_id" AND e."name" = d."environment"`);
        await queryRunner.query(`CREATE INDEX "IDX_deployments_environment" ON "deployments" ("environment_id") `);
        await queryRunner.query(`ALTER TABLE "deployments" ADD CONSTRAINT "FK_deployments_environment" FOREIGN KEY ("environment_id") REFERENCES "environments"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`CREATE TABLE "preview_settings" ("project_id" uuid NOT NULL, "owner_id" uuid NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "idle_minutes" integer, CONSTRAINT "PK_preview_settings" PRIMARY KEY ("project_id"))`);
        await queryRunner.query(`ALTER TABLE "preview_settings" ADD CONSTRAINT "FK_preview_settings_project" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`CREATE TABLE "pushes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner_id" uuid NOT NULL, "project_id" uuid NOT NULL, "pusher_id" uuid, "key" text NOT NULL, "branch" text NOT NULL, "before_sha" text, "after_sha" text, "message" text, "environment" text, "outcome" text NOT NULL, "reason" text, "run_id" uuid, "deployment_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_pushes" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_pushes_project_key" ON "pushes" ("project_id", "key") `);
        await queryRunner.query(`CREATE INDEX "IDX_pushes_project_created" ON "pushes" ("project_id", "created_at") `);
        await queryRunner.query(`ALTER TABLE "pushes" ADD CONSTRAINT "FK_pushes_owner" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "pushes" ADD CONSTRAINT "FK_pushes_project" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "pushes" ADD CONSTRAINT "FK_pushes_pusher" FOREIGN KEY ("pusher_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "pushes"`);
        await queryRunner.query(`DROP TABLE "preview_settings"`);
        await queryRunner.query(`ALTER TABLE "deployments" DROP CONSTRAINT "FK_deployments_environment"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_deployments_environment"`);
        await queryRunner.query(`ALTER TABLE "deployments" DROP COLUMN "environment_id"`);
        await queryRunner.query(`DROP TABLE "environments"`);
    }

}
