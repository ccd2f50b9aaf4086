import styled from '@emotion/styled';
import type { ProjectProvidersFragment } from '../../../../generated/graphql';

const StyledNote = styled.p(({ theme }) => ({ margin: theme.spacing(1, 0, 0), fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }));

const BUILDERS: Record<ProjectProvidersFragment['builder'], string> = { local: 'Slipway', github_actions: 'GitHub Actions' };
const REGISTRIES: Record<ProjectProvidersFragment['registry'], string> = { local: 'local registry', dockerhub: 'Docker Hub' };
const CLUSTERS: Record<ProjectProvidersFragment['cluster'], string> = { local: 'local cluster', doks: 'DigitalOcean Kubernetes', kubeconfig: 'Kubernetes (kubeconfig)' };

export const MOVE_NOTE =
  'This project runs on local providers; to move it to GitHub, Docker Hub and DigitalOcean, save their credentials in Settings and create a new project from it.';

/** Where the project lives, port by port ('GitHub: acme/shop', 'local git'); a local project says what moving it would take. */
export function ProjectProvidersLine({ providers }: { providers: ProjectProvidersFragment }) {
  const local = providers.sourceHost === 'local' && providers.registry === 'local' && providers.cluster === 'local';
  return (
    <>
      <span>
        Code: {providers.label} · Builds: {BUILDERS[providers.builder]} · Images: {REGISTRIES[providers.registry]} · Runs on: {CLUSTERS[providers.cluster]}
      </span>
      {local && <StyledNote>{MOVE_NOTE}</StyledNote>}
    </>
  );
}
