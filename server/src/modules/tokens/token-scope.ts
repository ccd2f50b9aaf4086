import { registerEnumType } from 'type-graphql';

/** What a personal access token may do; every scope also reads. */
export enum TokenScope {
  read = 'read',
  write = 'write',
  deploy = 'deploy',
  admin = 'admin',
}

export const TOKEN_SCOPES = Object.values(TokenScope);

registerEnumType(TokenScope, {
  name: 'TokenScope',
  description: 'What a personal access token may do (every scope also reads what its owner can read)',
  valuesConfig: {
    read: { description: 'Read projects, versions, deployments, settings and logs; no change' },
    write: { description: 'Every change that is not a build, deploy or user administration (projects, settings, versions, variables)' },
    deploy: { description: 'Builds, deployments, rollbacks, stops and pipeline retries' },
    admin: { description: 'User administration and other users\' tokens, for a manager or admin (the role still decides)' },
  },
});

/** A token's grant as the access policy reads it: its id (also its "session" id), scopes and project limit. */
export interface TokenGrant {
  tokenId: string;
  scopes: TokenScope[];
  /** null: every project of its owner. */
  projectIds: string[] | null;
}
