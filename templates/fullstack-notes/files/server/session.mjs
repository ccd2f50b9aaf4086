// Stateless sessions: an expiry time signed with HMAC-SHA256, kept in an HttpOnly cookie.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const COOKIE = 'session';

function sign(secret, value) {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function issue(secret, ttlHours) {
  const expires = String(Date.now() + ttlHours * 3600_000);
  return `${expires}.${sign(secret, expires)}`;
}

export function isValid(secret, token) {
  if (typeof token !== 'string') return false;
  const [expires, signature] = token.split('.');
  if (!expires || !signature) return false;
  const expected = Buffer.from(sign(secret, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) && Number(expires) > Date.now();
}

export function readCookie(header, name) {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

export function passwordMatches(expected, given) {
  if (typeof given !== 'string') return false;
  const a = createHmac('sha256', 'compare').update(expected).digest();
  const b = createHmac('sha256', 'compare').update(given).digest();
  return timingSafeEqual(a, b);
}
