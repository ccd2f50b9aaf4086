import { MigrationInterface, QueryRunner } from "typeorm";

/** access_tokens: personal access tokens, kept as SHA-256 hashes of their secrets, with scopes and an optional project limit. */
export class AccessTokens1795823401451 implements MigrationInterface {
    name = 'AccessTokens1795823401451'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "access_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "name" text NOT NULL, "token_hash" text NOT NULL, "token_prefix" text NOT NULL, "scopes" text array NOT NULL, "project_ids" uuid array, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_65140f59763ff994a0252488166" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_access_tokens_user_id" ON "access_tokens"  ("user_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_access_tokens_token_hash" ON "access_tokens"  ("token_hash") `);
        await queryRunner.query(`ALTER TABLE "access_tokens" ADD CONSTRAINT "FK_09ee750a035b06e0c7f0704687e" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "access_tokens" DROP CONSTRAINT "FK_09ee750a035b06e0c7f0704687e"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_access_tokens_token_hash"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_access_tokens_user_id"`);
        await queryRunner.query(`DROP TABLE "access_tokens"`);
    }

}
