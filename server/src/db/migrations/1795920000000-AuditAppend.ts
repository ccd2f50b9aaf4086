import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * audit_append(): appends one audit entry in a single round trip: takes the chain's lock, reads the last hash (its
 * own snapshot, taken after the lock, sees every entry committed before) and inserts the entry chained onto it.
 * The hash is sha256 of '["<prev hash>",' followed by `tail`, the rest of the JSON array that chainHashInput
 * (modules/audit/audit-chain.ts) builds, so `npm run audit:verify` checks it as before.
 */
export class AuditAppend1795920000000 implements MigrationInterface {
    name = 'AuditAppend1795920000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE FUNCTION audit_append(lock_key bigint, genesis text, tail text, entry_at timestamptz, actor_user_id uuid, actor_email text, actor_token_id uuid, address text, action text, project_id uuid, target text, details text, result text)
            RETURNS void LANGUAGE plpgsql VOLATILE AS $$
            DECLARE previous text;
            BEGIN
              PERFORM pg_advisory_xact_lock(lock_key);
              SELECT a.hash INTO previous FROM audit_log a ORDER BY a.seq DESC LIMIT 1;
              previous := coalesce(previous, genesis);
              INSERT INTO audit_log (at, actor_user_id, actor_email, actor_token_id, address, action, project_id, target, details, result, prev_hash, hash)
                VALUES (entry_at, actor_user_id, actor_email, actor_token_id, address, action, project_id, target, details, result, previous,
                        encode(sha256(convert_to('["' || previous || '",' || tail, 'UTF8')), 'hex'));
            END $$`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP FUNCTION audit_append(bigint, text, text, timestamptz, uuid, text, uuid, text, text, uuid, text, text, text)`);
    }

}
