import { useWizardGithubOrganizationQuery } from '../../../../generated/hooks';

/**
 * Spec section 5: the GitHub organization must be set before creating projects. Asked afresh each time the
 * wizard opens; an empty value or a failed check both mean the user must visit Settings first. Without a GitHub
 * token the user's projects are local (their repositories on this server), where the organization is only a name.
 */
export function useGithubOrganizationCheck() {
  const { data, loading, error } = useWizardGithubOrganizationQuery({ fetchPolicy: 'network-only' });
  const settingsRequired = !loading && (Boolean(error) || !data?.settingValue?.trim());
  const localMode = !data?.settings.some((setting) => setting.key === 'GITHUB_TOKEN' && setting.configured);
  return { settingsRequired, localMode };
}
