import { MigrationInterface, QueryRunner } from "typeorm";

/** Custom domains (issue 35): each environment's hostnames, unique across projects, with an optional certificate and sealed key. */
export class Domains1795930000000 implements MigrationInterface {
    name = 'Domains1795930000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "domains" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "hostname" text NOT NULL, "environment_id" uuid NOT NULL, "project_id" uuid NOT NULL, "certificate" text, "key_encrypted" text, "certificate_subject" text, "certificate_expires_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_domains" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_domains_hostname" ON "domains" ("hostname")`);
        await queryRunner.query(`CREATE INDEX "IDX_domains_environment" ON "domains" ("environment_id")`);
        await queryRunner.query(`ALTER TABLE "domains" ADD CONSTRAINT "FK_domains_environment" FOREIGN KEY ("environment_id") REFERENCES "environments"("id") ON DELETE CASCADE`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "domains"`);
    }

}
