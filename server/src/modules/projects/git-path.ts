/** Where Slipway serves git over HTTP: `/git/<organization>/<repository>.git`. */
export const GIT_HTTP_PREFIX = '/git';

/** The path of a repository's clone URL under Slipway's address. */
export function gitRepositoryPath(organization: string, repository: string): string {
  return `${GIT_HTTP_PREFIX}/${organization}/${repository}.git`;
}

/** Where GitHub posts a cloud project's webhook deliveries: `/hooks/github/<project id>`. */
export const GITHUB_WEBHOOK_PREFIX = '/hooks/github';
