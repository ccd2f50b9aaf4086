import { isIP } from 'node:net';

/** The longest DNS name. */
export const MAX_HOSTNAME_LENGTH = 253;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A custom domain's hostname, lower-cased and without a trailing dot, or a message saying what is wrong: a DNS name
 * with at least one dot, not an IP address, not localhost (those names are this machine's own: the front door's).
 */
export function parseHostname(value: unknown): { hostname: string } | { error: string } {
  if (typeof value !== 'string' || !value.trim()) return { error: 'hostname is required' };
  const hostname = value.trim().toLowerCase().replace(/\.$/, '');
  if (hostname.length > MAX_HOSTNAME_LENGTH) return { error: `hostname must be at most ${MAX_HOSTNAME_LENGTH} characters` };
  if (isIP(hostname) || isIP(hostname.replace(/^\[|\]$/g, ''))) return { error: 'hostname must be a domain name, not an IP address' };
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return { error: 'localhost names are Slipway’s own: use a domain name such as shop.example.com' };
  if (!hostname.includes('.')) return { error: 'hostname must have a dot (shop.example.com)' };
  if (!hostname.split('.').every((label) => LABEL.test(label))) {
    return { error: 'hostname must be a DNS name: labels of 1 to 63 letters, digits or dashes (not at either end), separated by dots' };
  }
  if (/^\d+$/.test(hostname.split('.').at(-1)!)) return { error: 'hostname must end in a name, not a number' };
  return { hostname };
}
