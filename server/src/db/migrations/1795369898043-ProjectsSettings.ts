import { MigrationInterface, QueryRunner } from "typeorm";

export class ProjectsSettings1795369898043 implements MigrationInterface {
    name = 'ProjectsSettings1795369898043'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TYPE "public"."project_status" AS ENUM('active', 'inactive')`);
        await queryRunner.query(`CREATE TABLE "projects" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner_id" uuid NOT NULL, "name" text NOT NULL, "description" text NOT NULL DEFAULT '', "tags" text array NOT NULL DEFAULT '{}', "status" "public"."project_status" NOT NULL DEFAULT 'active', "version" text, "repository_url" text, "deployed_url" text, "environment_variables_encrypted" text NOT NULL, "template_name" text, "build_commit" text, "docker_image_url" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6271df0a7aed1d6c0691ce6ac50" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_projects_owner_created" ON "projects"  ("owner_id", "created_at", "id") `);
        await queryRunner.query(`CREATE INDEX "IDX_projects_owner_updated" ON "projects"  ("owner_id", "updated_at", "id") `);
        // Declared with synchronize: false on the entity (TypeORM cannot express them): the case-insensitive
        // unique name per owner, the status sort with its mixed directions, and GIN for the tags filter.
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_projects_owner_name" ON "projects" ("owner_id", lower("name"))`);
        await queryRunner.query(`CREATE INDEX "IDX_projects_owner_status" ON "projects" ("owner_id", "status", "updated_at" DESC, "id" DESC)`);
        await queryRunner.query(`CREATE INDEX "IDX_projects_tags" ON "projects" USING GIN ("tags")`);
        await queryRunner.query(`CREATE TABLE "user_settings" ("owner_id" uuid NOT NULL, "key" text NOT NULL, "value_encrypted" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_user_settings_key" CHECK ("key" IN ('DOCKER_USERNAME', 'DOCKER_TOKEN', 'DIGITALOCEAN_TOKEN', 'DOKS_CLUSTER_ID', 'GITHUB_TOKEN', 'GITHUB_ORGANIZATION')), CONSTRAINT "PK_b35f3b8836a4a2d5104722ae5ef" PRIMARY KEY ("owner_id", "key"))`);
        await queryRunner.query(`ALTER TABLE "projects" ADD CONSTRAINT "FK_b1bd2fbf5d0ef67319c91acb5cf" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "user_settings" ADD CONSTRAINT "FK_d8fa7c76208ee7317839b4ab4b8" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "user_settings" DROP CONSTRAINT "FK_d8fa7c76208ee7317839b4ab4b8"`);
        await queryRunner.query(`ALTER TABLE "projects" DROP CONSTRAINT "FK_b1bd2fbf5d0ef67319c91acb5cf"`);
        await queryRunner.query(`DROP TABLE "user_settings"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_projects_tags"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_projects_owner_status"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_projects_owner_name"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_projects_owner_updated"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_projects_owner_created"`);
        await queryRunner.query(`DROP TABLE "projects"`);
        await queryRunner.query(`DROP TYPE "public"."project_status"`);
    }

}
