import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/** TRUST_PROXY: false (default), true, a number of hops, or addresses/subnets/'loopback' of trusted proxies. */
export type TrustProxy = boolean | number | string[];

export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Which hops may name the client in X-Forwarded-For (TRUST_PROXY). Unset, nobody: the header is the
 * client's own word and would let it pick the address the login and registration throttles count.
 */
export function compileTrustProxy(trust: TrustProxy): TrustFunction {
  if (trust === false) return () => false;
  if (trust === true) return () => true;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyaddr.compile(trust);
}

/** The client's address under the trust rule: Express's req.ip uses the same function, graphql-ws calls this. */
export function clientAddressOf(req: IncomingMessage, trust: TrustFunction): string {
  return proxyaddr(req, trust) || 'unknown';
}
