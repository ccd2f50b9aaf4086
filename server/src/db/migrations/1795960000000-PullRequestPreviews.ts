import { MigrationInterface, QueryRunner } from "typeorm";

/** Pull-request previews (issue 33): the pull request a preview is for (its number and title), shown where previews are listed, the pull request of a push row, and a preview's removal run. */
export class PullRequestPreviews1795960000000 implements MigrationInterface {
    name = 'PullRequestPreviews1795960000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "environments" ADD "pull_request_number" integer`);
        await queryRunner.query(`ALTER TABLE "environments" ADD "pull_request_title" text`);
        // One preview per branch: a push and a pull request event for the same branch, heard at once, make one.
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_environments_project_preview_branch" ON "environments" ("project_id", "branch") WHERE kind = 'preview'`);
        // The run removing a preview (one per preview: whichever process claims it first starts it).
        await queryRunner.query(`ALTER TABLE "environments" ADD "removal_run_id" uuid`);
        // A push row made by a pull request event says which (its summary names the pull request).
        await queryRunner.query(`ALTER TABLE "pushes" ADD "pull_request_number" integer`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "pushes" DROP COLUMN "pull_request_number"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_environments_project_preview_branch"`);
        await queryRunner.query(`ALTER TABLE "environments" DROP COLUMN "removal_run_id"`);
        await queryRunner.query(`ALTER TABLE "environments" DROP COLUMN "pull_request_title"`);
        await queryRunner.query(`ALTER TABLE "environments" DROP COLUMN "pull_request_number"`);
    }

}
