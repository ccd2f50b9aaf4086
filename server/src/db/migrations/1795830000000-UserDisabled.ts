import { MigrationInterface, QueryRunner } from "typeorm";

/** users.disabled_at: when a manager or admin disabled the account; a disabled account cannot sign in or use its tokens. */
export class UserDisabled1795830000000 implements MigrationInterface {
    name = 'UserDisabled1795830000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "users" ADD "disabled_at" TIMESTAMP WITH TIME ZONE`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "disabled_at"`);
    }

}
