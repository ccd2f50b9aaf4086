import { authOf } from '../../http/auth-middleware.js';
import { schema as s } from '../../http/json-schema.js';
import type { RestRoute, SchemaComponents } from '../../http/rest-routes.js';
import type { Domain } from './domain.entity.js';
import type { DomainsService } from './domains.service.js';

const TAG = 'Environments';

export const domainSchemas: SchemaComponents = {
  Domain: s.object({
    hostname: s.string('Lower-case, e.g. shop.example.com.'),
    https: s.boolean('A certificate was uploaded: HTTPS is served for it (when Slipway has an HTTPS port).'),
    certificate: s.nullable(s.object({ subject: s.string(), expires_at: s.dateTime() }, { description: 'The uploaded certificate; its key is never returned.' })),
    created_at: s.dateTime(),
  }),
};

export const toDomainView = (row: Domain) => ({
  hostname: row.hostname,
  https: row.certificateSubject !== null,
  certificate: row.certificateSubject === null ? null : { subject: row.certificateSubject, expires_at: row.certificateExpiresAt },
  created_at: row.createdAt,
});

const params = { id: s.uuid('The project id.'), env: s.string("The environment's name.") };

/** An environment's custom domains under /projects/{id}/environments/{env}/domains. */
export function domainsRoutes(domains: DomainsService): RestRoute[] {
  const base = '/projects/{id}/environments/{env}/domains';
  return [
    {
      method: 'get',
      path: base,
      tag: TAG,
      summary: "List an environment's custom domains",
      params,
      responses: { 200: { description: 'Its domains, by hostname.', schema: s.object({ domains: s.array(s.ref('Domain')) }) } },
      handler: async (req, res) => {
        const rows = await domains.list(authOf(req).user, String(req.params.id), String(req.params.env));
        res.json({ domains: rows.map(toDomainView) });
      },
    },
    {
      method: 'post',
      path: base,
      tag: TAG,
      summary: 'Add a custom domain, with an optional certificate and key for HTTPS',
      params,
      body: s.body(
        {
          hostname: s.string('A DNS name with a dot (not an IP address, not localhost), at most 253 characters.'),
          certificate: s.string('PEM certificate chain, leaf first; it must cover the hostname.'),
          key: s.string("PEM private key of the certificate (unencrypted); stored sealed, never returned."),
        },
        { required: ['hostname'] },
      ),
      responses: { 201: { description: 'The new domain.', schema: s.ref('Domain') }, 409: { description: 'Another project, or another environment, has it.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        res.status(201).json(toDomainView(await domains.add(authOf(req).user, String(req.params.id), String(req.params.env), req.body)));
      },
    },
    {
      method: 'delete',
      path: `${base}/{hostname}`,
      tag: TAG,
      summary: 'Remove a custom domain: its Host goes to Slipway again',
      params: { ...params, hostname: s.string('The domain.') },
      responses: { 200: { description: 'Removed.', schema: s.message('Domain removed') } },
      handler: async (req, res) => {
        await domains.remove(authOf(req).user, String(req.params.id), String(req.params.env), String(req.params.hostname));
        res.json({ message: 'Domain removed' });
      },
    },
  ];
}
