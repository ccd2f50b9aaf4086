import { useWizardGithubOrganizationQuery } from '../../../../generated/hooks';

/**
 * Spec section 5: the GitHub organization must be set before creating projects. Asked afresh each time the
 * wizard opens; an empty value or a failed check both mean the user must visit Settings first.
 */
export function useGithubOrganizationCheck() {
  const { data, loading, error } = useWizardGithubOrganizationQuery({ fetchPolicy: 'network-only' });
  const settingsRequired = !loading && (Boolean(error) || !data?.settingValue?.trim());
  return { settingsRequired };
}
