import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Local apps are reached at Slipway's front door (deployed_url, http://<app>.localhost:<port>/) and at a loopback
 * URL for programs that do not resolve *.localhost: loopback_url, kept beside deployed_url on deployments and projects.
 */
export class LoopbackUrls1795811636334 implements MigrationInterface {
    name = 'LoopbackUrls1795811636334'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "deployments" ADD "loopback_url" text`);
        await queryRunner.query(`ALTER TABLE "projects" ADD "loopback_url" text`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "projects" DROP COLUMN "loopback_url"`);
        await queryRunner.query(`ALTER TABLE "deployments" DROP COLUMN "loopback_url"`);
    }
}
