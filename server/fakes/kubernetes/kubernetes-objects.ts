import { randomUUID } from 'node:crypto';

/**
 * The object store of the fake Kubernetes API server: objects as the real API server keeps them (metadata with
 * uid, resourceVersion, generation, creationTimestamp), one global resourceVersion counter, and the Status
 * bodies the real server answers errors with (k8s.io/apimachinery metav1.Status).
 */

export interface ObjectMeta {
  name: string;
  generateName?: string;
  namespace?: string;
  uid: string;
  resourceVersion: string;
  generation?: number;
  creationTimestamp: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: Array<{ apiVersion: string; kind: string; name: string; uid: string; controller?: boolean; blockOwnerDeletion?: boolean }>;
}

/** Any stored object: the typed fields the fake reads, the rest kept as sent. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- objects are kept as the client sent them
  status?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- idem
  [field: string]: unknown;
}

/** An object as a client sends it: metadata without what the server sets. */
export type NewObject = Omit<KubeObject, 'metadata'> & { metadata?: Partial<ObjectMeta> };

export interface ResourceType {
  /** '' for the core group. */
  group: string;
  version: string;
  plural: string;
  kind: string;
  namespaced: boolean;
}

export const RESOURCES: ResourceType[] = [
  { group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false },
  { group: '', version: 'v1', plural: 'secrets', kind: 'Secret', namespaced: true },
  { group: '', version: 'v1', plural: 'services', kind: 'Service', namespaced: true },
  { group: '', version: 'v1', plural: 'pods', kind: 'Pod', namespaced: true },
  { group: '', version: 'v1', plural: 'events', kind: 'Event', namespaced: true },
  { group: 'apps', version: 'v1', plural: 'deployments', kind: 'Deployment', namespaced: true },
  { group: 'apps', version: 'v1', plural: 'replicasets', kind: 'ReplicaSet', namespaced: true },
  { group: 'networking.k8s.io', version: 'v1', plural: 'ingresses', kind: 'Ingress', namespaced: true },
];

export const resourceOf = (kind: string): ResourceType => RESOURCES.find((type) => type.kind === kind)!;

export const apiVersionOf = (type: ResourceType): string => (type.group ? `${type.group}/${type.version}` : type.version);

/** A failure as the API server answers it. */
export class StatusError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly details?: { name?: string; group?: string; kind?: string; causes?: Array<{ reason: string; message: string; field: string }> },
  ) {
    super(message);
  }

  body() {
    return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: this.message, reason: this.reason, ...(this.details ? { details: this.details } : {}), code: this.code };
  }
}

const qualified = (type: ResourceType) => (type.group ? `${type.plural}.${type.group}` : type.plural);

export const notFound = (type: ResourceType, name: string) =>
  new StatusError(404, 'NotFound', `${qualified(type)} "${name}" not found`, { name, ...(type.group ? { group: type.group } : {}), kind: type.plural });

const alreadyExists = (type: ResourceType, name: string) =>
  new StatusError(409, 'AlreadyExists', `${qualified(type)} "${name}" already exists`, { name, ...(type.group ? { group: type.group } : {}), kind: type.plural });

const conflict = (type: ResourceType, name: string) =>
  new StatusError(
    409,
    'Conflict',
    `Operation cannot be fulfilled on ${qualified(type)} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
    { name, ...(type.group ? { group: type.group } : {}), kind: type.plural },
  );

export const invalid = (type: ResourceType, name: string, field: string, why: string) =>
  new StatusError(422, 'Invalid', `${type.kind} "${name}" is invalid: ${field}: ${why}`, {
    name,
    ...(type.group ? { group: type.group } : {}),
    kind: type.kind,
    causes: [{ reason: 'FieldValueInvalid', message: why, field }],
  });

/** RFC 1123 label (namespaces, services) or subdomain (the rest). */
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

const randomSuffix = () => Array.from({ length: 5 }, () => 'bcdfghjklmnpqrstvwxz2456789'[Math.floor(Math.random() * 27)]).join('');

export type Change = { type: 'ADDED' | 'MODIFIED' | 'DELETED'; object: KubeObject };

export class ObjectStore {
  private readonly objects = new Map<string, KubeObject>();
  private version = 1000;

  constructor(private readonly onChange: (change: Change) => void) {}

  private key(type: ResourceType, namespace: string | undefined, name: string): string {
    return `${type.plural}/${type.namespaced ? (namespace ?? '') : ''}/${name}`;
  }

  get resourceVersion(): string {
    return String(this.version);
  }

  get(type: ResourceType, namespace: string | undefined, name: string): KubeObject | null {
    const found = this.objects.get(this.key(type, namespace, name));
    return found ? structuredClone(found) : null;
  }

  mustGet(type: ResourceType, namespace: string | undefined, name: string): KubeObject {
    const found = this.get(type, namespace, name);
    if (!found) throw notFound(type, name);
    return found;
  }

  list(type: ResourceType, namespace?: string, labelSelector?: string): KubeObject[] {
    const matches = parseSelector(labelSelector);
    return [...this.objects.values()]
      .filter((object) => object.kind === type.kind && (namespace === undefined || object.metadata.namespace === namespace))
      .filter((object) => matches(object.metadata.labels ?? {}))
      .sort((a, b) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion))
      .map((object) => structuredClone(object));
  }

  create(type: ResourceType, namespace: string | undefined, body: NewObject): KubeObject {
    const meta: Partial<ObjectMeta> = body.metadata ?? {};
    let name = meta.name;
    if (!name && meta.generateName) name = `${meta.generateName}${randomSuffix()}`;
    if (!name) throw invalid(type, '', 'metadata.name', 'Required value: name or generateName is required');
    const pattern = type.kind === 'Namespace' || type.kind === 'Service' ? DNS_LABEL : DNS_SUBDOMAIN;
    if (!pattern.test(name) || name.length > (pattern === DNS_LABEL ? 63 : 253)) {
      throw invalid(type, name, 'metadata.name', `Invalid value: "${name}": a lowercase RFC 1123 ${pattern === DNS_LABEL ? 'label' : 'subdomain'} must consist of lower case alphanumeric characters or '-'`);
    }
    if (type.namespaced) {
      if (meta.namespace && meta.namespace !== namespace) {
        throw new StatusError(400, 'BadRequest', 'the namespace of the provided object does not match the namespace sent on the request');
      }
      const owner = this.get(resourceOf('Namespace'), undefined, namespace!);
      if (!owner) throw notFound(resourceOf('Namespace'), namespace!);
      if (owner.status?.phase === 'Terminating') {
        throw new StatusError(403, 'Forbidden', `${qualified(type)} "${name}" is forbidden: unable to create new content in namespace ${namespace} because it is being terminated`, {
          name,
          kind: type.plural,
        });
      }
    }
    const key = this.key(type, namespace, name);
    if (this.objects.has(key)) throw alreadyExists(type, name);
    const object: KubeObject = {
      ...structuredClone(body),
      apiVersion: apiVersionOf(type),
      kind: type.kind,
      metadata: {
        ...structuredClone(meta),
        name,
        ...(type.namespaced ? { namespace } : {}),
        uid: randomUUID(),
        resourceVersion: String(++this.version),
        creationTimestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        ...(type.kind === 'Deployment' || type.kind === 'ReplicaSet' ? { generation: 1 } : {}),
      } as ObjectMeta,
    };
    delete object.metadata.deletionTimestamp;
    this.objects.set(key, object);
    this.onChange({ type: 'ADDED', object: structuredClone(object) });
    return structuredClone(object);
  }

  /**
   * Replaces the object (PUT): a resourceVersion that is not the stored one is a 409 Conflict; a changed spec
   * bumps generation; the status is kept unless `status` is true (the status subresource, or the controllers).
   */
  replace(type: ResourceType, namespace: string | undefined, name: string, body: KubeObject, options: { status?: boolean } = {}): KubeObject {
    const key = this.key(type, namespace, name);
    const existing = this.objects.get(key);
    if (!existing) throw notFound(type, name);
    if (body.metadata?.name && body.metadata.name !== name) {
      throw new StatusError(400, 'BadRequest', `the name of the object (${body.metadata.name}) does not match the name on the URL (${name})`);
    }
    if (body.metadata?.resourceVersion && body.metadata.resourceVersion !== existing.metadata.resourceVersion) throw conflict(type, name);
    const next: KubeObject = options.status
      ? { ...structuredClone(existing), status: structuredClone(body.status) }
      : { ...structuredClone(body), apiVersion: existing.apiVersion, kind: existing.kind, ...(existing.status !== undefined ? { status: existing.status } : {}) };
    next.metadata = {
      ...(options.status ? existing.metadata : structuredClone(body.metadata ?? existing.metadata)),
      name,
      ...(type.namespaced ? { namespace } : {}),
      uid: existing.metadata.uid,
      creationTimestamp: existing.metadata.creationTimestamp,
      resourceVersion: existing.metadata.resourceVersion,
    } as ObjectMeta;
    delete next.metadata.deletionTimestamp;
    const deletion = existing.metadata.deletionTimestamp ?? (options.status ? body.metadata?.deletionTimestamp : undefined);
    if (deletion) next.metadata.deletionTimestamp = deletion;
    if (existing.metadata.generation !== undefined) {
      next.metadata.generation = existing.metadata.generation + (JSON.stringify(next.spec) !== JSON.stringify(existing.spec) ? 1 : 0);
    }
    if (JSON.stringify(next) === JSON.stringify(existing)) return structuredClone(existing);
    next.metadata.resourceVersion = String(++this.version);
    this.objects.set(key, next);
    this.onChange({ type: 'MODIFIED', object: structuredClone(next) });
    return structuredClone(next);
  }

  /** Changes an object in place (controllers); no-op when it is gone. */
  update(type: ResourceType, namespace: string | undefined, name: string, change: (object: KubeObject) => void, options: { status?: boolean } = {}): KubeObject | null {
    const object = this.get(type, namespace, name);
    if (!object) return null;
    change(object);
    delete (object.metadata as Partial<ObjectMeta>).resourceVersion;
    return this.replace(type, namespace, name, object, options);
  }

  delete(type: ResourceType, namespace: string | undefined, name: string): KubeObject {
    const key = this.key(type, namespace, name);
    const existing = this.objects.get(key);
    if (!existing) throw notFound(type, name);
    this.objects.delete(key);
    existing.metadata.resourceVersion = String(++this.version);
    this.onChange({ type: 'DELETED', object: structuredClone(existing) });
    return structuredClone(existing);
  }
}

/** Equality-based label selectors ('a=b,c!=d,e'), as `labelSelector` takes them. */
export function parseSelector(selector: string | undefined): (labels: Record<string, string>) => boolean {
  const terms = (selector ?? '')
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean)
    .map((term) => {
      const match = /^([^!=]+?)\s*(==|=|!=)\s*(.*)$/.exec(term);
      if (!match) return (labels: Record<string, string>) => (term.startsWith('!') ? !(term.slice(1) in labels) : term in labels);
      const [, key, operator, value] = match;
      return (labels: Record<string, string>) => (operator === '!=' ? labels[key] !== value : labels[key] === value);
    });
  return (labels) => terms.every((term) => term(labels));
}

/** Does a selector's matchLabels match these labels? */
export const matchesLabels = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels?.[key] === value);

/** RFC 7386 JSON merge patch (the fake applies strategic merge patches this way too: the lists Slipway sends are replaced whole). */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return structuredClone(patch);
  const result: Record<string, unknown> = target !== null && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (key === '$patch' || key.startsWith('$setElementOrder')) continue;
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}
