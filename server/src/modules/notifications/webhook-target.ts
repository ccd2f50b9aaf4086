import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError, ErrorCode } from '../../common/app-error.js';
import { invalidInput } from '../../common/validation.js';

export const MAX_WEBHOOK_URL_LENGTH = 2000;
/** A receiver has this long to answer a delivery. */
const ANSWER_TIMEOUT_MS = 10_000;
/** What is kept of a receiver's answer body, to show beside the delivery. */
const KEPT_ANSWER_CHARS = 500;

/** Resolves a host name to every address it has (dns.lookup's answer; tests hand in their own). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

export const webhookRefused = (message: string) => new AppError(ErrorCode.BadUserInput, message, { reason: 'WEBHOOK_TARGET_REFUSED', field: 'url' });

/**
 * Which addresses a webhook may reach: public unicast ones only (no loopback, link-local, private, CGNAT, multicast,
 * unspecified, reserved, or IPv6 forms that embed an IPv4 address), except the ranges an admin allows
 * (SLIPWAY_WEBHOOK_ALLOW, CIDRs). An IPv4-mapped IPv6 address is judged as the IPv4 address it maps.
 */
export class WebhookAddressPolicy {
  private readonly allowed: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]>;

  constructor(allow: string[] = []) {
    this.allowed = allow.map((range) => ipaddr.parseCIDR(range));
  }

  /** Parses SLIPWAY_WEBHOOK_ALLOW's comma-separated CIDRs; throws on a bad one. */
  static parseRanges(raw: string | undefined): string[] {
    const ranges = (raw ?? '').split(',').map((part) => part.trim()).filter(Boolean);
    for (const range of ranges) ipaddr.parseCIDR(range);
    return ranges;
  }

  /** Why the address may not be reached ('loopback', 'private', ...), or null when it may. */
  refusal(address: string): string | null {
    if (!ipaddr.isValid(address)) return 'invalid';
    const ip = ipaddr.process(address);
    if (this.allowed.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits))) return null;
    const range = ip.range();
    return range === 'unicast' ? null : range;
  }
}

export interface WebhookTarget {
  url: URL;
  /** The bracket-free host name or address literal. */
  hostname: string;
}

/** The URL's form: http(s), a host, no credentials, at most MAX_WEBHOOK_URL_LENGTH characters. */
export function parseWebhookUrl(value: unknown): WebhookTarget {
  if (typeof value !== 'string' || !value.trim()) throw invalidInput('Webhook URL is required', 'url');
  if (value.length > MAX_WEBHOOK_URL_LENGTH) throw invalidInput(`Webhook URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`, 'url');
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw invalidInput('Webhook URL must be an http:// or https:// URL', 'url');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) throw invalidInput('Webhook URL must be an http:// or https:// URL', 'url');
  if (url.username || url.password) throw invalidInput('Webhook URL must not contain a user name or password', 'url');
  return { url, hostname: url.hostname.replace(/^\[|\]$/g, '') };
}

/**
 * The checks at save and at delivery: every address the host resolves to must be allowed (a literal address is its
 * own answer). At delivery the connection goes to the address checked here, through `lookup`, so a name that
 * resolves elsewhere between the check and the connection (DNS rebinding) cannot slip through.
 */
export class WebhookGuard {
  constructor(
    private readonly policy: WebhookAddressPolicy,
    private readonly resolve: Resolve = systemResolve,
  ) {}

  /** Answers the checked addresses, or throws webhookRefused with why. */
  async check(target: WebhookTarget): Promise<LookupAddress[]> {
    let addresses: LookupAddress[];
    if (ipaddr.isValid(target.hostname)) {
      addresses = [{ address: target.hostname, family: ipaddr.parse(target.hostname).kind() === 'ipv6' ? 6 : 4 }];
    } else {
      try {
        addresses = await this.resolve(target.hostname);
      } catch {
        throw webhookRefused(`Webhook host ${target.hostname} could not be resolved`);
      }
      if (addresses.length === 0) throw webhookRefused(`Webhook host ${target.hostname} could not be resolved`);
    }
    for (const { address } of addresses) {
      const why = this.policy.refusal(address);
      if (why) throw webhookRefused(`Webhook URL must not point to a ${describeRange(why)} address (${address})`);
    }
    return addresses;
  }

  /** Posts the body to the target after checking it; redirects are answers, never followed. */
  async post(target: WebhookTarget, body: string, headers: Record<string, string>): Promise<WebhookAnswer> {
    const addresses = await this.check(target);
    const [first] = addresses;
    // Node asks `lookup` for the host's address: it gets the one just checked, never a fresh (rebound) answer.
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, [first]);
      else callback(null, first.address, first.family);
    };
    const transport = target.url.protocol === 'https:' ? https : http;
    return new Promise<WebhookAnswer>((resolve, reject) => {
      const request = transport.request(
        target.url,
        { method: 'POST', lookup, headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }, timeout: ANSWER_TIMEOUT_MS },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            if (text.length < KEPT_ANSWER_CHARS) text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text.slice(0, KEPT_ANSWER_CHARS), location: response.headers.location ?? null }));
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)));
      request.on('error', reject);
      request.end(body);
    });
  }
}

export interface WebhookAnswer {
  status: number;
  body: string;
  /** A redirect's Location: reported, not followed. */
  location: string | null;
}

const RANGE_NAMES: Record<string, string> = {
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local',
  carrierGradeNat: 'carrier-grade NAT',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  uniqueLocal: 'private (unique local)',
};

function describeRange(range: string): string {
  return RANGE_NAMES[range] ?? 'reserved';
}
