import { MigrationInterface, QueryRunner } from "typeorm";

const BEFORE = `'DOCKER_USERNAME', 'DOCKER_TOKEN', 'DIGITALOCEAN_TOKEN', 'DOKS_CLUSTER_ID', 'GITHUB_TOKEN', 'GITHUB_ORGANIZATION', 'KUBECONFIG', 'KUBERNETES_CONTEXT'`;

/** user_settings: the cert-manager issuer and ingress class of custom domains' Ingresses on Kubernetes (issue 35). */
export class IngressSettings1795950000000 implements MigrationInterface {
    name = 'IngressSettings1795950000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "user_settings" DROP CONSTRAINT "CHK_user_settings_key"`);
        await queryRunner.query(`ALTER TABLE "user_settings" ADD CONSTRAINT "CHK_user_settings_key" CHECK ("key" IN (${BEFORE}, 'KUBERNETES_CERT_ISSUER', 'KUBERNETES_INGRESS_CLASS'))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DELETE FROM "user_settings" WHERE "key" IN ('KUBERNETES_CERT_ISSUER', 'KUBERNETES_INGRESS_CLASS')`);
        await queryRunner.query(`ALTER TABLE "user_settings" DROP CONSTRAINT "CHK_user_settings_key"`);
        await queryRunner.query(`ALTER TABLE "user_settings" ADD CONSTRAINT "CHK_user_settings_key" CHECK ("key" IN (${BEFORE}))`);
    }

}
