/**
 * `npm run fake-cloud`: starts the local fakes of GitHub, Docker Hub and DigitalOcean (with its Kubernetes API,
 * which runs the apps on this machine) and prints what points Slipway at them: what an admin enters in Settings →
 * Cloud service URLs (or the environment to start Slipway with) and what a user saves in Settings. Then the whole
 * cloud flow can be clicked through offline. Ctrl-C stops them.
 *
 * Ports: FAKE_GITHUB_PORT (default 4010), FAKE_DOCKER_REGISTRY_PORT (4020), FAKE_DOCKERHUB_PORT (4021),
 * FAKE_DIGITALOCEAN_PORT (4030). The tokens below are the fakes' own: they open nothing real.
 * FAKE_CLOUD_SETTINGS_FILE: also writes the settings to save there, as JSON (for the browser e2e test).
 */
import { writeFileSync } from 'node:fs';
import { SETTING_RULES, type SettingKeyName } from '@slipway/domain';
import { CLOUD_ENDPOINTS, CLOUD_ENDPOINT_KEYS, type CloudUrls } from '../server/src/modules/settings/cloud-endpoint-key.js';
import { startFakeDigitalOcean } from '../server/fakes/digitalocean/fake-digitalocean.js';
import { startFakeDockerHub } from '../server/fakes/dockerhub/fake-dockerhub.js';
import { startFakeGitHub } from '../server/fakes/github/fake-github.js';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const settings = {
  GITHUB_ORGANIZATION: 'acme',
  GITHUB_TOKEN: 'ghp_fakecloud0000000000000000000000000000',
  DOCKER_USERNAME: 'acme',
  DOCKER_TOKEN: 'dckr_pat_fakecloud000000000000000',
  DIGITALOCEAN_TOKEN: 'dop_v1_fakecloud0000000000000000000000000000000000000000000000000000',
  DOKS_CLUSTER_ID: '',
};

const hub = await startFakeDockerHub({
  users: { [settings.DOCKER_USERNAME]: settings.DOCKER_TOKEN },
  port: port('FAKE_DOCKER_REGISTRY_PORT', 4020),
  hubPort: port('FAKE_DOCKERHUB_PORT', 4021),
});
// Its Actions runs build the templates' workflows and push their images to the fake Docker Hub.
const github = await startFakeGitHub({ port: port('FAKE_GITHUB_PORT', 4010), dockerHub: { registryUrl: hub.registryUrl, hubUrl: hub.hubUrl } });
github.addToken(settings.GITHUB_TOKEN, { login: 'octo', scopes: ['repo', 'workflow', 'delete_repo'] });
github.addOrganization(settings.GITHUB_ORGANIZATION, { members: [{ login: 'octo', role: 'admin' }] });
const digitalOcean = await startFakeDigitalOcean({
  pullImage: (reference) => hub.imageFile(reference),
  tokens: [settings.DIGITALOCEAN_TOKEN],
  port: port('FAKE_DIGITALOCEAN_PORT', 4030),
});
settings.DOKS_CLUSTER_ID = digitalOcean.clusterId;
if (process.env.FAKE_CLOUD_SETTINGS_FILE) writeFileSync(process.env.FAKE_CLOUD_SETTINGS_FILE, JSON.stringify(settings, null, 2));

const urls: CloudUrls = { githubApi: github.url, dockerHub: hub.hubUrl, dockerRegistry: hub.registryUrl, digitalOceanApi: digitalOcean.apiUrl };
const environment = {
  SLIPWAY_GITHUB_API_URL: urls.githubApi,
  SLIPWAY_DOCKERHUB_URL: urls.dockerHub,
  SLIPWAY_DOCKER_REGISTRY_URL: urls.dockerRegistry,
  SLIPWAY_DIGITALOCEAN_API_URL: urls.digitalOceanApi,
};
/** The Settings sections, in the screen's order, with the fields to fill in each. */
const SECTIONS: Array<[string, SettingKeyName[]]> = [
  ['Docker', ['DOCKER_USERNAME', 'DOCKER_TOKEN']],
  ['DigitalOcean', ['DIGITALOCEAN_TOKEN']],
  ['DOKS Cluster', ['DOKS_CLUSTER_ID']],
  ['GitHub Integration', ['GITHUB_TOKEN', 'GITHUB_ORGANIZATION']],
];
const pad = (text: string) => text.padEnd(22);

console.log('Fake cloud services are running (Ctrl-C stops them).\n');
console.log('1. Point Slipway at them, without a restart: sign in as an admin (the first account), open Settings,');
console.log('   and in the Cloud service URLs section enter:\n');
for (const key of CLOUD_ENDPOINT_KEYS) console.log(`     ${pad(CLOUD_ENDPOINTS[key].label)}${urls[CLOUD_ENDPOINTS[key].field]}`);
console.log('\n   then click Save URLs. (Or start Slipway pointed at them:');
console.log(`   ${Object.entries(environment).map(([name, value]) => `${name}=${value}`).join(' ')} npm start)\n`);
console.log("2. As the user whose projects should live on the fakes, fill in Settings (the fakes' own tokens, which open");
console.log('   nothing real):\n');
for (const [section, keys] of SECTIONS) {
  console.log(`     ${section}`);
  for (const key of keys) console.log(`       ${pad(SETTING_RULES[key].label)}${settings[key]}`);
}
console.log('\n   click Save All Settings, then Test connection in each section: each should say "Connected".');
console.log('   To try any cluster by kubeconfig instead of DOKS, save the fake cluster\'s kubeconfig in the Kubernetes section:');
console.log(`     curl -H 'Authorization: Bearer ${settings.DIGITALOCEAN_TOKEN}' ${digitalOcean.apiUrl}/v2/kubernetes/clusters/${digitalOcean.clusterId}/kubeconfig > fake-kubeconfig.yaml\n`);
console.log('Projects created after that live on the fakes: GitHub repositories, Docker Hub images, apps on the fake cluster.');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled([github.close(), hub.close(), digitalOcean.close()]);
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
