import { AppError, ErrorCode } from '../../common/app-error.js';
import { CONNECTION_PROVIDERS } from './connection-test.js';
import { SETTING_KEYS, type SettingKey } from './setting-key.js';

export const unknownSettingKey = (key: unknown) =>
  new AppError(ErrorCode.BadUserInput, `Unknown setting "${String(key).slice(0, 100)}". Valid settings are ${SETTING_KEYS.join(', ')}`, {
    reason: 'UNKNOWN_SETTING_KEY',
  });

/** The field is the setting's key, which is also the name of its field in the Settings form. */
export const invalidSettingValue = (key: SettingKey, message: string) =>
  new AppError(ErrorCode.BadUserInput, message, { reason: 'INVALID_SETTING_VALUE', field: key });

export const cloudEndpointsAdminOnly = () =>
  new AppError(ErrorCode.Forbidden, 'Only an admin can see or change the cloud services’ URLs', { reason: 'ADMIN_ONLY' });

export const unknownProvider = (provider: unknown) =>
  new AppError(ErrorCode.BadUserInput, `Unknown provider "${String(provider).slice(0, 100)}". Valid providers are ${CONNECTION_PROVIDERS.join(', ')}`, {
    reason: 'UNKNOWN_PROVIDER',
    field: 'provider',
  });

/** The kubeconfig's cluster failed the check a save runs: unreachable, refusing the credentials, missing permissions. */
export const kubernetesCheckFailed = (message: string, reason: string | undefined, field: SettingKey) =>
  new AppError(ErrorCode.BadUserInput, message, { reason: reason ?? 'KUBERNETES_CHECK_FAILED', field });
