import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWebhookUrl, type Resolve, WebhookAddressPolicy, WebhookGuard } from '../webhook-target.js';

describe('WebhookAddressPolicy', () => {
  const strict = new WebhookAddressPolicy();

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.5.6.7', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a00:1', 'rfc6052'],
  ])('refuses %s (%s)', (address, range) => {
    expect(strict.refusal(address)).toBe(range);
  });

  it.each(['93.184.216.34', '2606:4700::6810:84e5', '::ffff:93.184.216.34'])('accepts the public address %s', (address) => {
    expect(strict.refusal(address)).toBeNull();
  });

  it('accepts only the ranges an admin allows, in either address family', () => {
    const policy = new WebhookAddressPolicy(['127.0.0.0/8', 'fd00::/8']);
    expect(policy.refusal('127.0.0.1')).toBeNull();
    expect(policy.refusal('::ffff:127.0.0.1')).toBeNull();
    expect(policy.refusal('fd12::1')).toBeNull();
    expect(policy.refusal('10.0.0.1')).toBe('private');
    expect(policy.refusal('::1')).toBe('loopback');
  });

  it('rejects a bad range', () => {
    expect(() => WebhookAddressPolicy.parseRanges('127.0.0.0/8,nonsense')).toThrow();
    expect(WebhookAddressPolicy.parseRanges(' 127.0.0.0/8 , ::1/128 ')).toEqual(['127.0.0.0/8', '::1/128']);
  });
});

describe('WebhookGuard', () => {
  let receiver: Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/redirect') return res.writeHead(302, { location: `http://127.0.0.1:${port}/landed` }).end();
      res.writeHead(200).end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  /** A resolver whose answers the test chooses, as a DNS server under someone else's control would give them. */
  const resolverOf = (answers: Record<string, string[]>): Resolve => async (hostname) => (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a host name that resolves to a private address', async () => {
    const guard = new WebhookGuard(new WebhookAddressPolicy(), resolverOf({ 'hooks.example.com': ['93.184.216.34', '10.0.0.7'] }));
    await expect(guard.check(parseWebhookUrl('https://hooks.example.com/x'))).rejects.toThrow('Webhook URL must not point to a private address (10.0.0.7)');
  });

  it('checks again at delivery: a name that now resolves to loopback is refused before any connection', async () => {
    const answers: Record<string, string[]> = { 'rebind.example.com': ['93.184.216.34'] };
    const guard = new WebhookGuard(new WebhookAddressPolicy(), resolverOf(answers));
    const target = parseWebhookUrl(`http://rebind.example.com:${port}/hook`);
    await guard.check(target);
    answers['rebind.example.com'] = ['127.0.0.1'];
    hits.length = 0;
    await expect(guard.post(target, '{}', {})).rejects.toThrow('Webhook URL must not point to a loopback address (127.0.0.1)');
    expect(hits).toEqual([]);
  });

  it('connects to the address it checked, whatever the name, and does not follow a redirect', async () => {
    const guard = new WebhookGuard(new WebhookAddressPolicy(['127.0.0.1/32']), resolverOf({ 'receiver.test': ['127.0.0.1'] }));
    hits.length = 0;
    const answer = await guard.post(parseWebhookUrl(`http://receiver.test:${port}/redirect`), '{}', {});
    expect(answer).toMatchObject({ status: 302, location: `http://127.0.0.1:${port}/landed` });
    expect(hits).toEqual(['/redirect']);
  });

  it('refuses an unresolvable name, and URLs that are not http(s) or carry credentials', async () => {
    const guard = new WebhookGuard(new WebhookAddressPolicy(), resolverOf({}));
    await expect(guard.check(parseWebhookUrl('https://nowhere.example/'))).rejects.toThrow('Webhook host nowhere.example could not be resolved');
    expect(() => parseWebhookUrl('ftp://example.com/')).toThrow('Webhook URL must be an http:// or https:// URL');
    expect(() => parseWebhookUrl('https://user:pw@example.com/')).toThrow('Webhook URL must not contain a user name or password');
    expect(() => parseWebhookUrl('')).toThrow('Webhook URL is required');
  });
});
