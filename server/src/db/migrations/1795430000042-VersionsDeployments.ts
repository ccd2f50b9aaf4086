import { MigrationInterface, QueryRunner } from "typeorm";

export class VersionsDeployments1795430000042 implements MigrationInterface {
    name = 'VersionsDeployments1795430000042'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TYPE "public"."version_status" AS ENUM('pending', 'building', 'build_success', 'build_failed', 'ready', 'archived')`);
        await queryRunner.query(`CREATE TYPE "public"."version_build_status" AS ENUM('pending', 'running', 'success', 'failed', 'cancelled')`);
        await queryRunner.query(`CREATE TABLE "versions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner_id" uuid NOT NULL, "project_id" uuid NOT NULL, "version_tag" text NOT NULL, "version_number" integer NOT NULL, "description" text NOT NULL DEFAULT '', "git_branch" text NOT NULL, "git_commit_sha" text, "status" "public"."version_status" NOT NULL DEFAULT 'pending', "build_status" "public"."version_build_status" NOT NULL DEFAULT 'pending', "active" boolean NOT NULL DEFAULT false, "build_started_at" TIMESTAMP WITH TIME ZONE, "build_completed_at" TIMESTAMP WITH TIME ZONE, "build_log" text NOT NULL DEFAULT '', "docker_image_url" text, "artifacts" jsonb NOT NULL DEFAULT '[]', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_921e9a820c96cc2cd7d4b3a107b" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_versions_owner" ON "versions"  ("owner_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_versions_project_tag" ON "versions"  ("project_id", "version_tag") `);
        await queryRunner.query(`CREATE TYPE "public"."deployment_status" AS ENUM('pending', 'deploying', 'ready', 'active', 'rolled_back', 'cleaning_up', 'rolling_back', 'archived')`);
        await queryRunner.query(`CREATE TYPE "public"."deployment_strategy" AS ENUM('initial', 'rolling', 'all_at_once', 'canary')`);
        await queryRunner.query(`CREATE TABLE "deployments" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner_id" uuid NOT NULL, "project_id" uuid NOT NULL, "environment" text NOT NULL DEFAULT 'production', "status" "public"."deployment_status" NOT NULL DEFAULT 'pending', "version_id" uuid NOT NULL, "strategy" "public"."deployment_strategy" NOT NULL DEFAULT 'rolling', "traffic_percent" integer NOT NULL DEFAULT '0', "health_checks" jsonb NOT NULL DEFAULT '[]', "error_message" text, "replicas" integer NOT NULL DEFAULT '1', "activated_at" TIMESTAMP WITH TIME ZONE, "rolled_back_at" TIMESTAMP WITH TIME ZONE, "deployed_url" text, "rollback_target_id" uuid, "is_active" boolean NOT NULL DEFAULT false, "kubernetes_namespace" text, "kubernetes_deployment_name" text, "kubernetes_service_name" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1e5627acb3c950deb83fe98fc48" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_deployments_owner" ON "deployments"  ("owner_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_deployments_project_created" ON "deployments"  ("project_id", "created_at") `);
        await queryRunner.query(`ALTER TABLE "projects" ADD "active_version_id" uuid`);
        await queryRunner.query(`ALTER TABLE "projects" ADD "active_deployment_id" uuid`);
        await queryRunner.query(`ALTER TABLE "projects" ADD "source_organization" text`);
        await queryRunner.query(`ALTER TABLE "projects" ADD "source_repository" text`);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_projects_source" ON "projects"  ("source_organization", "source_repository") `);
        await queryRunner.query(`ALTER TABLE "projects" ADD CONSTRAINT "FK_94695232de14b90ed3733443a49" FOREIGN KEY ("active_version_id") REFERENCES "versions"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "projects" ADD CONSTRAINT "FK_80020f90fa2fe24e626bb6aa2b0" FOREIGN KEY ("active_deployment_id") REFERENCES "deployments"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "versions" ADD CONSTRAINT "FK_44d6997c69a414b08260aadcc53" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "versions" ADD CONSTRAINT "FK_3c224c5cd390dbb3b086101470f" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "deployments" ADD CONSTRAINT "FK_2dbe9629f4f7f1eb018f3eac0a3" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "deployments" ADD CONSTRAINT "FK_a3eb8bbf794c8df7575096f7e90" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "deployments" ADD CONSTRAINT "FK_7dcb7715d412cdb52909d9cb5f2" FOREIGN KEY ("version_id") REFERENCES "versions"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "deployments" DROP CONSTRAINT "FK_7dcb7715d412cdb52909d9cb5f2"`);
        await queryRunner.query(`ALTER TABLE "deployments" DROP CONSTRAINT "FK_a3eb8bbf794c8df7575096f7e90"`);
        await queryRunner.query(`ALTER TABLE "deployments" DROP CONSTRAINT "FK_2dbe9629f4f7f1eb018f3eac0a3"`);
        await queryRunner.query(`ALTER TABLE "versions" DROP CONSTRAINT "FK_3c224c5cd390dbb3b086101470f"`);
        await queryRunner.query(`ALTER TABLE "versions" DROP CONSTRAINT "FK_44d6997c69a414b08260aadcc53"`);
        await queryRunner.query(`ALTER TABLE "projects" DROP CONSTRAINT "FK_80020f90fa2fe24e626bb6aa2b0"`);
        await queryRunner.query(`ALTER TABLE "projects" DROP CONSTRAINT "FK_94695232de14b90ed3733443a49"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_projects_source"`);
        await queryRunner.query(`ALTER TABLE "projects" DROP COLUMN "source_repository"`);
        await queryRunner.query(`ALTER TABLE "projects" DROP COLUMN "source_organization"`);
        await queryRunner.query(`ALTER TABLE "projects" DROP COLUMN "active_deployment_id"`);
        await queryRunner.query(`ALTER TABLE "projects" DROP COLUMN "active_version_id"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_deployments_project_created"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_deployments_owner"`);
        await queryRunner.query(`DROP TABLE "deployments"`);
        await queryRunner.query(`DROP TYPE "public"."deployment_strategy"`);
        await queryRunner.query(`DROP TYPE "public"."deployment_status"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_versions_project_tag"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_versions_owner"`);
        await queryRunner.query(`DROP TABLE "versions"`);
        await queryRunner.query(`DROP TYPE "public"."version_build_status"`);
        await queryRunner.query(`DROP TYPE "public"."version_status"`);
    }

}
