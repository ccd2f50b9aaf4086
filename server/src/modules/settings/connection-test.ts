import 'reflect-metadata';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import type { CloudUrls } from './cloud-endpoint-key.js';
import type { SettingValues } from './settings.service.js';

/** The providers Settings can test a connection to, one per section of the screen. */
export enum ConnectionProvider {
  github = 'github',
  dockerhub = 'dockerhub',
  digitalocean = 'digitalocean',
  doks = 'doks',
  kubernetes = 'kubernetes',
}

registerEnumType(ConnectionProvider, {
  name: 'ConnectionProvider',
  description: 'A provider whose credentials Settings can test',
  valuesConfig: {
    github: { description: 'GitHub: GITHUB_TOKEN and GITHUB_ORGANIZATION (the token may create repositories there)' },
    dockerhub: { description: 'Docker Hub: DOCKER_USERNAME and DOCKER_TOKEN (signs in and may push)' },
    digitalocean: { description: 'DigitalOcean: DIGITALOCEAN_TOKEN (the account answers)' },
    doks: { description: 'The DOKS cluster: DIGITALOCEAN_TOKEN and DOKS_CLUSTER_ID (the cluster exists for the token)' },
    kubernetes: {
      description: "A kubeconfig's cluster: KUBECONFIG and KUBERNETES_CONTEXT (the API server answers, accepts the credentials and grants every permission Slipway needs)",
    },
  },
});

export const CONNECTION_PROVIDERS: readonly ConnectionProvider[] = Object.values(ConnectionProvider);

@ObjectType({ description: 'What a connection test found; a refused or unreachable provider is ok: false with why' })
export class ConnectionTestResult {
  @Field(() => ConnectionProvider, { description: 'The provider tested' })
  provider!: ConnectionProvider;

  @Field(() => Boolean, { description: 'The provider accepted the credentials' })
  ok!: boolean;

  @Field(() => String, { description: 'The host Slipway talked to (or would have, when a value is missing)' })
  host!: string;

  @Field(() => String, { description: 'What the provider answered, in words; never a credential' })
  message!: string;
}

/**
 * Checks credentials against a provider through its adapter and says what it found; boot hands the implementation
 * in (providers/connection-tests.ts).
 */
export type ConnectionTester = (
  provider: ConnectionProvider,
  values: SettingValues,
  urls: CloudUrls,
) => Promise<Omit<ConnectionTestResult, 'provider'> & { reason?: string; field?: string }>;
