import { MigrationInterface, QueryRunner } from "typeorm";

/** Which adapter each port uses: fixed on the project when it is created, recorded on each run that used them. */
export class ProjectProviders1795430000400 implements MigrationInterface {
    name = 'ProjectProviders1795430000400'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "projects" ADD "providers" jsonb NOT NULL DEFAULT '{"source_host":"local","builder":"local","registry":"local","cluster":"local"}'`);
        await queryRunner.query(`ALTER TABLE "pipeline_runs" ADD "providers" jsonb`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "pipeline_runs" DROP COLUMN "providers"`);
        await queryRunner.query(`ALTER TABLE "projects" DROP COLUMN "providers"`);
    }
}
