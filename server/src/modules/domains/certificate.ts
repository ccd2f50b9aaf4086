import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import { invalidInput } from '../../common/validation.js';

/** What a domain shows of its certificate. */
export interface CertificateSummary {
  subject: string;
  expiresAt: Date;
}

/** The largest certificate chain or key accepted (PEM text). */
export const MAX_PEM_LENGTH = 64 * 1024;

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * Checks an uploaded certificate (chain, leaf first) and private key for `hostname`: both parse, the key is the
 * certificate's, the certificate names the hostname and has not expired. Each failure is a 400 that says which.
 */
export function checkCertificate(hostname: string, certificate: unknown, key: unknown): CertificateSummary {
  if (typeof certificate !== 'string' || !certificate.trim()) throw invalidInput('certificate is required with a key (PEM text)', 'certificate');
  if (typeof key !== 'string' || !key.trim()) throw invalidInput('key is required with a certificate (PEM text)', 'key');
  if (certificate.length > MAX_PEM_LENGTH || key.length > MAX_PEM_LENGTH) throw invalidInput('certificate and key must be at most 64 KiB each', 'certificate');
  const blocks = certificate.match(PEM_CERTIFICATE);
  if (!blocks) throw invalidInput('certificate is not a PEM certificate (-----BEGIN CERTIFICATE-----)', 'certificate');
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(blocks[0]);
    for (const block of blocks.slice(1)) new X509Certificate(block);
  } catch {
    throw invalidInput('certificate could not be read: it is not a valid PEM certificate', 'certificate');
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw invalidInput('key could not be read: it must be an unencrypted PEM private key', 'key');
  }
  if (!leaf.checkPrivateKey(privateKey)) throw invalidInput("key does not match the certificate (the first one in the chain)", 'key');
  if (!leaf.checkHost(hostname)) throw invalidInput(`certificate does not cover ${hostname} (it is for ${leaf.subjectAltName ?? leaf.subject})`, 'certificate');
  const expiresAt = new Date(leaf.validTo);
  if (expiresAt.getTime() <= Date.now()) throw invalidInput(`certificate expired on ${expiresAt.toISOString()}`, 'certificate');
  try {
    createSecureContext({ cert: certificate, key });
  } catch (error) {
    throw invalidInput(`certificate and key cannot serve HTTPS: ${(error as Error).message}`, 'certificate');
  }
  return { subject: leaf.subject.replace(/\n/g, ', '), expiresAt };
}
