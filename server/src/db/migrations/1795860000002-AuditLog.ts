import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * audit_log: every change, append-only (a trigger refuses UPDATE, DELETE and TRUNCATE) and hash-chained (each
 * entry's hash covers the previous entry's hash and its own content; see modules/audit/audit-chain.ts). No foreign
 * keys: an entry outlives the user, token or project it names.
 */
export class AuditLog1795860000002 implements MigrationInterface {
    name = 'AuditLog1795860000002'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "audit_log" ("seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "actor_user_id" uuid, "actor_email" text, "actor_token_id" uuid, "address" text, "action" text NOT NULL, "project_id" uuid, "target" text, "details" text NOT NULL, "result" text NOT NULL, "prev_hash" text NOT NULL, "hash" text NOT NULL, CONSTRAINT "PK_audit_log" PRIMARY KEY ("seq"))`);
        await queryRunner.query(`CREATE INDEX "IDX_audit_log_at" ON "audit_log" ("at")`);
        await queryRunner.query(`CREATE INDEX "IDX_audit_log_project" ON "audit_log" ("project_id", "seq")`);
        await queryRunner.query(`CREATE INDEX "IDX_audit_log_actor" ON "audit_log" ("actor_user_id", "seq")`);
        await queryRunner.query(`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`);
        await queryRunner.query(`CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
        await queryRunner.query(`CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "audit_log"`);
        await queryRunner.query(`DROP FUNCTION audit_log_append_only()`);
    }

}
