import type { DataSource, Repository } from 'typeorm';
import type { AuditRecorder } from '../audit/audit-log.js';
import { SETTING_RULES, maskSecret, settingValueError } from '@slipway/domain';
import type { SecretBox } from '../../common/secret-box.js';
import { invalidInput } from '../../common/validation.js';
import type { User } from '../users/user.entity.js';
import type { CloudEndpointsService } from './cloud-endpoints.service.js';
import { CONNECTION_PROVIDERS, ConnectionProvider, ConnectionTestResult, type ConnectionTester } from './connection-test.js';
import { kubeconfigContexts } from '../../providers/cluster/kubeconfig.js';
import { KubeconfigContexts } from './dtos/kubeconfig-contexts.model.js';
import { Setting } from './dtos/setting.model.js';
import { SECRET_SETTING_KEYS, SETTING_KEYS, SettingKey, isSettingKey } from './setting-key.js';
import { invalidSettingValue, kubernetesCheckFailed, unknownProvider, unknownSettingKey } from './settings.errors.js';
import { UserSetting } from './user-setting.entity.js';

/** A change to apply: a value to store, or null to delete. */
type Change = [SettingKey, string | null];

/** Only the id matters: callers may pass a full User or just {id}. */
type Owner = Pick<User, 'id'>;

export type SettingValues = Partial<Record<SettingKey, string>>;

function parseKey(key: unknown): SettingKey {
  if (!isSettingKey(key)) throw unknownSettingKey(key);
  return key;
}

/** Trimmed value, or null for "delete" (null, undefined or blank), checked by the domain's rule for its key. Errors never echo the value. */
function parseValue(key: SettingKey, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidSettingValue(key, `${SETTING_RULES[key].label} must be a string`);
  const trimmed = value.trim();
  if (!trimmed) return null;
  const error = settingValueError(key, trimmed);
  if (error) throw invalidSettingValue(key, error);
  return trimmed;
}

/** A client that sends back the masked text it was shown for a saved secret means "unchanged", not "store the bullets". */
function isMaskedEcho(key: SettingKey, value: string, existing: string | undefined): boolean {
  return existing !== undefined && SECRET_SETTING_KEYS.has(key) && value === maskSecret(existing);
}

/** Per-user provider credentials, sealed at rest with AES-256-GCM; secrets leave only masked or by explicit reveal. */
export class SettingsService {
  private readonly settings: Repository<UserSetting>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
    private readonly connections: { endpoints: Pick<CloudEndpointsService, 'current'>; test: ConnectionTester },
    private readonly audit: AuditRecorder,
  ) {
    this.settings = dataSource.getRepository(UserSetting);
  }

  /** All eight settings in a fixed order, configured or not. */
  async list(user: Owner): Promise<Setting[]> {
    const stored = await this.load(user.id);
    return SETTING_KEYS.map((key) => this.view(key, stored.get(key)));
  }

  /** The plain value of one of the user's own settings (the Show and Copy actions), or null when not set. */
  async reveal(user: Owner, key: unknown): Promise<string | null> {
    const parsed = parseKey(key);
    return (await this.load(user.id, [parsed])).get(parsed)?.value ?? null;
  }

  /** Stores several settings at once, all or nothing; a null or blank value deletes that key. */
  async saveMany(user: Owner, entries: unknown): Promise<Setting[]> {
    await this.apply(user, this.parseEntries(entries));
    return this.list(user);
  }

  /** Stores one setting; deleting is `remove`'s, so a missing or blank value is refused rather than taken for "delete". */
  async set(user: Owner, key: unknown, value: unknown): Promise<Setting> {
    const parsed = parseKey(key);
    const stored = parseValue(parsed, value);
    if (stored === null) throw invalidInput('value is required', 'value');
    await this.apply(user, [[parsed, stored]]);
    return this.view(parsed, (await this.load(user.id, [parsed])).get(parsed));
  }

  async remove(user: Owner, key: unknown): Promise<Setting> {
    const parsed = parseKey(key);
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(UserSetting).delete({ ownerId: user.id, key: parsed });
      await this.audit.record(manager, { action: 'setting.delete', target: `setting:${parsed}` });
    });
    return this.view(parsed, undefined);
  }

  /** Decrypted values of every configured setting, for other modules (pipelines, providers). Never log them. */
  async valuesFor(userId: string): Promise<SettingValues> {
    const stored = await this.load(userId);
    return Object.fromEntries([...stored].map(([key, { value }]) => [key, value]));
  }

  /**
   * Checks credentials against a provider: the saved ones, with `entries` (the form's values, not saved; undefined for
   * none) over them. A secret sent back as the masked text it was shown means the saved one; a blank value means none.
   * Stores nothing.
   */
  async testConnection(user: Owner, provider: unknown, entries: unknown): Promise<ConnectionTestResult> {
    if (!CONNECTION_PROVIDERS.includes(provider as ConnectionProvider)) throw unknownProvider(provider);
    const changes = entries === undefined ? [] : this.parseEntries(entries);
    const saved = await this.valuesFor(user.id);
    const { ok, host, message } = await this.connections.test(provider as ConnectionProvider, this.merged(saved, changes), await this.connections.endpoints.current());
    return Object.assign(new ConnectionTestResult(), { provider, ok, host, message });
  }

  /**
   * The contexts of `kubeconfig` (the form's text, not saved), or of the saved one when it is absent or sent back
   * masked; none when neither exists. A text that is no kubeconfig is refused with why, under KUBECONFIG.
   */
  async kubeconfigContexts(user: Owner, kubeconfig: unknown): Promise<KubeconfigContexts> {
    const typed = parseValue(SettingKey.KUBECONFIG, kubeconfig);
    const saved = (await this.load(user.id, [SettingKey.KUBECONFIG])).get(SettingKey.KUBECONFIG)?.value;
    const text = typed === null || isMaskedEcho(SettingKey.KUBECONFIG, typed, saved) ? saved : typed;
    return Object.assign(new KubeconfigContexts(), text ? await kubeconfigContexts(text) : { contexts: [], current: null });
  }

  /** The saved values with `changes` over them (a secret sent back masked is the saved one; null removes). */
  private merged(saved: SettingValues, changes: Change[]): SettingValues {
    const values: SettingValues = { ...saved };
    for (const [key, value] of changes) {
      if (value === null) delete values[key];
      else if (!isMaskedEcho(key, value, saved[key])) values[key] = value;
    }
    return values;
  }

  /**
   * A kubeconfig is stored only once its cluster passed the Kubernetes connection test with the chosen context:
   * reachable, accepting the credentials, granting every permission Slipway needs. Otherwise the save is refused
   * with the test's message, under the field it is about.
   */
  private async checkKubeconfig(userId: string, changes: Change[]): Promise<void> {
    if (!changes.some(([key]) => key === SettingKey.KUBECONFIG || key === SettingKey.KUBERNETES_CONTEXT)) return;
    const values = this.merged(await this.valuesFor(userId), changes);
    if (!values.KUBECONFIG) return;
    if (!values.KUBERNETES_CONTEXT) throw invalidSettingValue(SettingKey.KUBERNETES_CONTEXT, 'Choose the context of the kubeconfig to deploy with');
    const found = await this.connections.test(ConnectionProvider.kubernetes, values, await this.connections.endpoints.current());
    if (!found.ok) throw kubernetesCheckFailed(found.message, found.reason, found.field === SettingKey.KUBERNETES_CONTEXT ? SettingKey.KUBERNETES_CONTEXT : SettingKey.KUBECONFIG);
  }

  /** Accepts a {KEY: value} map (REST) or a [{key, value}] list (GraphQL). */
  private parseEntries(entries: unknown): Change[] {
    let pairs: Array<[unknown, unknown]>;
    if (Array.isArray(entries)) {
      pairs = entries.map((entry: { key?: unknown; value?: unknown } | null) => [entry?.key, entry?.value]);
    } else if (typeof entries === 'object' && entries !== null) {
      pairs = Object.entries(entries);
    } else {
      throw invalidInput('settings must be an object mapping setting names to values', 'settings');
    }
    const changes = new Map<SettingKey, string | null>();
    for (const [rawKey, rawValue] of pairs) {
      const key = parseKey(rawKey);
      if (changes.has(key)) throw invalidSettingValue(key, `${key} is given more than once`);
      changes.set(key, parseValue(key, rawValue));
    }
    return [...changes];
  }

  private async apply(user: Owner, changes: Change[]): Promise<void> {
    if (!changes.length) return;
    await this.checkKubeconfig(user.id, changes);
    const current = await this.load(user.id, changes.map(([key]) => key));
    await this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(UserSetting);
      for (const [key, value] of changes) {
        const existing = current.get(key)?.value;
        if (value !== null && isMaskedEcho(key, value, existing)) continue;
        if (value === existing) continue;
        // The key only: a setting's value is a secret.
        await this.audit.record(manager, { action: value === null ? 'setting.delete' : 'setting.set', target: `setting:${key}` });
        if (value === null) {
          await repo.delete({ ownerId: user.id, key });
          continue;
        }
        await repo.upsert(
          { ownerId: user.id, key, valueEncrypted: this.box.seal(value, this.context(user.id, key)), updatedAt: new Date() },
          { conflictPaths: ['ownerId', 'key'] },
        );
      }
    });
  }

  private async load(userId: string, keys?: SettingKey[]): Promise<Map<SettingKey, { value: string; updatedAt: Date }>> {
    const rows = await this.settings.find({ where: keys ? keys.map((key) => ({ ownerId: userId, key })) : { ownerId: userId } });
    return new Map(
      rows.map((row) => [row.key as SettingKey, { value: this.box.open(row.valueEncrypted, this.context(userId, row.key)), updatedAt: row.updatedAt }]),
    );
  }

  private view(key: SettingKey, stored: { value: string; updatedAt: Date } | undefined): Setting {
    const secret = SECRET_SETTING_KEYS.has(key);
    return Object.assign(new Setting(), {
      key,
      secret,
      configured: stored !== undefined,
      value: stored && !secret ? stored.value : null,
      maskedValue: stored ? maskSecret(stored.value) : null,
      updatedAt: stored?.updatedAt ?? null,
    });
  }

  /** Binds each sealed value to its owner and key, so a value copied to another row cannot be opened. */
  private context(userId: string, key: string): string {
    return `settings:${userId}:${key}`;
  }
}
