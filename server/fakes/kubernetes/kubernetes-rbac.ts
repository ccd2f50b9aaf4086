import { StatusError } from './kubernetes-objects.js';

/**
 * RBAC for the fake Kubernetes API server: each token's PolicyRules (rbac.authorization.k8s.io/v1's format), checked
 * on every resource request (403 Forbidden with the real server's message) and answered through
 * SelfSubjectAccessReview and SelfSubjectRulesReview (authorization.k8s.io/v1), as the real API server does for
 * the rules of the ClusterRoles bound to the caller.
 */

export interface PolicyRule {
  verbs: string[];
  apiGroups: string[];
  /** 'deployments', 'deployments/scale', '*'. */
  resources: string[];
}

/** All of it (cluster-admin's rule). */
export const ALL_ALLOWED: PolicyRule[] = [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }];

export interface ResourceAttributes {
  verb: string;
  group: string;
  resource: string;
  subresource?: string;
  namespace?: string;
  name?: string;
}

const matches = (listed: string[], value: string) => listed.includes('*') || listed.includes(value);

/** Whether any rule allows the request (the rules of all namespaces: the fake binds ClusterRoles only). */
export function allows(rules: PolicyRule[], { verb, group, resource, subresource }: ResourceAttributes): boolean {
  const full = subresource ? `${resource}/${subresource}` : resource;
  return rules.some((rule) => matches(rule.verbs, verb) && matches(rule.apiGroups, group) && (rule.resources.includes('*') || rule.resources.includes(full)));
}

/** The real server's 403 for a denied request. */
export function forbidden(user: string, attributes: ResourceAttributes): StatusError {
  const { verb, group, resource, subresource, namespace, name } = attributes;
  const qualified = group ? `${resource}.${group}` : resource;
  const what = name ? `${qualified} "${name}"` : qualified;
  const full = subresource ? `${resource}/${subresource}` : resource;
  const where = namespace ? ` in the namespace "${namespace}"` : ' at the cluster scope';
  return new StatusError(403, 'Forbidden', `${what} is forbidden: User "${user}" cannot ${verb} resource "${full}" in API group "${group}"${where}`, {
    name,
    group,
    kind: resource,
  });
}

/** The verb of a request, as the API server's authorizer names it. */
export function verbOf(method: string, named: boolean): string {
  switch (method) {
    case 'GET':
      return named ? 'get' : 'list';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return named ? 'delete' : 'deletecollection';
    default:
      return method.toLowerCase();
  }
}

type Body = Record<string, unknown> & { spec?: Record<string, unknown> };

/** POST /apis/authorization.k8s.io/v1/selfsubjectaccessreviews: the review with its status. */
export function accessReview(rules: PolicyRule[], body: Body): Body {
  const attributes = body?.spec?.resourceAttributes as Partial<ResourceAttributes> | undefined;
  if (!attributes || typeof attributes !== 'object') {
    throw new StatusError(422, 'Invalid', 'SelfSubjectAccessReview.authorization.k8s.io "" is invalid: spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified', {
      group: 'authorization.k8s.io',
      kind: 'SelfSubjectAccessReview',
    });
  }
  const allowed = allows(rules, { verb: attributes.verb ?? '', group: attributes.group ?? '', resource: attributes.resource ?? '', subresource: attributes.subresource });
  return {
    kind: 'SelfSubjectAccessReview',
    apiVersion: 'authorization.k8s.io/v1',
    metadata: { creationTimestamp: null },
    spec: body.spec,
    status: allowed ? { allowed: true, reason: 'RBAC: allowed by ClusterRoleBinding "slipway" of ClusterRole "slipway"' } : { allowed: false },
  };
}

/** POST /apis/authorization.k8s.io/v1/selfsubjectrulesreviews: the caller's rules in spec.namespace. */
export function rulesReview(rules: PolicyRule[], body: Body): Body {
  if (typeof body?.spec?.namespace !== 'string' || body.spec.namespace === '') {
    throw new StatusError(422, 'Invalid', 'SelfSubjectRulesReview.authorization.k8s.io "" is invalid: spec.namespace: Required value: no namespace on request', {
      group: 'authorization.k8s.io',
      kind: 'SelfSubjectRulesReview',
    });
  }
  return {
    kind: 'SelfSubjectRulesReview',
    apiVersion: 'authorization.k8s.io/v1',
    metadata: { creationTimestamp: null },
    spec: body.spec,
    status: {
      resourceRules: [
        // Every authenticated user may ask these (system:basic-user).
        { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'] },
        ...rules.map((rule) => ({ verbs: rule.verbs, apiGroups: rule.apiGroups, resources: rule.resources })),
      ],
      nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/readyz', '/version', '/version/'] }],
      incomplete: false,
    },
  };
}
