import { MigrationInterface, QueryRunner } from "typeorm";

/** user_settings: a kubeconfig and the context chosen from it (any Kubernetes cluster, issue 35). */
export class KubeconfigSettings1795840000001 implements MigrationInterface {
    name = 'KubeconfigSettings1795840000001'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "user_settings" DROP CONSTRAINT "CHK_user_settings_key"`);
        await queryRunner.query(`ALTER TABLE "user_settings" ADD CONSTRAINT "CHK_user_settings_key" CHECK ("key" IN ('DOCKER_USERNAME', 'DOCKER_TOKEN', 'DIGITALOCEAN_TOKEN', 'DOKS_CLUSTER_ID', 'GITHUB_TOKEN', 'GITHUB_ORGANIZATION', 'KUBECONFIG', 'KUBERNETES_CONTEXT'))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DELETE FROM "user_settings" WHERE "key" IN ('KUBECONFIG', 'KUBERNETES_CONTEXT')`);
        await queryRunner.query(`ALTER TABLE "user_settings" DROP CONSTRAINT "CHK_user_settings_key"`);
        await queryRunner.query(`ALTER TABLE "user_settings" ADD CONSTRAINT "CHK_user_settings_key" CHECK ("key" IN ('DOCKER_USERNAME', 'DOCKER_TOKEN', 'DIGITALOCEAN_TOKEN', 'DOKS_CLUSTER_ID', 'GITHUB_TOKEN', 'GITHUB_ORGANIZATION'))`);
    }

}
