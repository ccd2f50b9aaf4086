import type { Feature } from '../feature.js';
import { AccessTokensResolver } from './tokens.resolver.js';
import { tokenSchemas, tokensRoutes } from './tokens.routes.js';
import type { AccessTokensService } from './tokens.service.js';

/** Personal access tokens' API; the service itself is built with the authentication, which verifies them. */
export function tokensModule({ service }: { service: AccessTokensService }) {
  const feature: Feature = { rest: { routes: tokensRoutes(service), schemas: tokenSchemas }, resolvers: [new AccessTokensResolver(service)] };
  return { feature };
}
