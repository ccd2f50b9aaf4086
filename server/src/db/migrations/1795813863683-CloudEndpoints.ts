import { MigrationInterface, QueryRunner } from "typeorm";

/** cloud_endpoints: the cloud services' URLs an admin saved over the environment's defaults (none: the defaults). */
export class CloudEndpoints1795813863683 implements MigrationInterface {
    name = 'CloudEndpoints1795813863683'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "cloud_endpoints" ("key" text NOT NULL, "url" text NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_cloud_endpoints_key" CHECK ("key" IN ('github_api', 'docker_hub', 'docker_registry', 'digitalocean_api')), CONSTRAINT "PK_7ac5447ac2b6b878c8cb994b91b" PRIMARY KEY ("key"))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "cloud_endpoints"`);
    }

}
