import { MigrationInterface, QueryRunner } from "typeorm";

/** users.password_reset_at: when an admin last reset the password, shown to the user until they choose their own. */
export class PasswordResets1795813041304 implements MigrationInterface {
    name = 'PasswordResets1795813041304'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "users" ADD "password_reset_at" TIMESTAMP WITH TIME ZONE`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "password_reset_at"`);
    }

}
