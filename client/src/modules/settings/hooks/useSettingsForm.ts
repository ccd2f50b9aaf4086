import { useApolloClient } from '@apollo/client/react';
import { maskSecret, settingValueError } from '@slipway/domain';
import type { FormApi, SubmissionErrors } from 'final-form';
import { useMemo, useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import { serverErrorField } from '../../../app/errors/server-field-errors';
import {
  SettingValueDocument,
  SettingsDocument,
  type ConnectionProvider,
  type SettingFieldsFragment,
  type SettingKey,
  type TestConnectionMutation,
} from '../../../generated/graphql';
import { useSaveSettingsMutation, useTestConnectionMutation } from '../../../generated/hooks';
import { COPIED_MESSAGE_MS } from '../../../ui/clipboard';
import { useFlash } from '../../../ui/useFlash';
import { SAVED_MESSAGE, SAVED_MESSAGE_MS, SETTING_KEYS } from '../settings-fields';

export type SettingsFormValues = Partial<Record<SettingKey, string>>;

/**
 * How a field shows its value: `text` (a plain setting, or a secret after Show), `masked` (a secret as saved,
 * hidden: read-only, all but the last 4 characters masked), `password` (a secret being typed while hidden).
 */
export type SettingDisplay = { mode: 'text' } | { mode: 'masked'; text: string } | { mode: 'password' };

const COPY_FAILED = 'Failed to copy to clipboard';

/** A connection test of one provider: running, or what it found (or why it could not ask). */
export type ConnectionTestState = { status: 'testing' } | { status: 'done'; result: TestConnectionMutation['testConnection'] } | { status: 'failed'; error: string };

/** Plain settings start with their value; secrets with the masked text the server lists (it never lists them plain). */
function toFormValues(settings: readonly SettingFieldsFragment[]): Record<SettingKey, string> {
  const byKey = new Map(settings.map((setting) => [setting.key, setting]));
  return Object.fromEntries(
    SETTING_KEYS.map((key) => {
      const setting = byKey.get(key);
      return [key, (setting?.secret ? setting.maskedValue : setting?.value) ?? ''];
    }),
  ) as Record<SettingKey, string>;
}

const valueOf = (values: SettingsFormValues, key: SettingKey) => values[key] ?? '';

/**
 * The Settings screen's form: one field per key, checked by its rule as the user types (a value left as saved is not
 * checked again), Show/Hide and Copy (revealing a saved secret through settingValue only when asked), 'Save All
 * Settings' sending only the fields that changed (an emptied one as null, which deletes it) and placing a refusal
 * under its field, Test connection per provider with the values in the form, and Danger Zone 'Clear All' emptying
 * the form until it is saved.
 */
export function useSettingsForm(settings: readonly SettingFieldsFragment[]) {
  const client = useApolloClient();
  const [saveSettings] = useSaveSettingsMutation();
  const [runConnectionTest] = useTestConnectionMutation();
  const [connectionTests, setConnectionTests] = useState<Partial<Record<ConnectionProvider, ConnectionTestState>>>({});
  const initialValues = useMemo(() => toFormValues(settings), [settings]);
  const secretKeys = useMemo(() => new Set(settings.filter((s) => s.secret).map((s) => s.key)), [settings]);
  /** Plain values of saved secrets revealed since the last load: they become the field's "unchanged" value. */
  const [revealedValues, setRevealedValues] = useState<SettingsFormValues>({});
  const [shownKeys, setShownKeys] = useState<ReadonlySet<SettingKey>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [savedMessage, flashSaved] = useFlash<string>(SAVED_MESSAGE_MS);
  const [copiedKey, flashCopied] = useFlash<SettingKey>(COPIED_MESSAGE_MS);

  const unchangedValue = (key: SettingKey) => revealedValues[key] ?? initialValues[key];

  const changedKeys = (values: SettingsFormValues) =>
    SETTING_KEYS.filter((key) => valueOf(values, key).trim() !== unchangedValue(key).trim());

  /** A changed value's error (its rule in @slipway/domain); an emptied field deletes, which needs no check. */
  const validateField = (key: SettingKey, value: string | undefined): string | undefined => {
    const text = value ?? '';
    if (text.trim() === unchangedValue(key).trim()) return undefined;
    return settingValueError(key, text);
  };

  /** The changes as saveSettings and testConnection take them: an emptied field as null. */
  const changesOf = (values: SettingsFormValues) => changedKeys(values).map((key) => ({ key, value: valueOf(values, key).trim() || null }));

  /**
   * Asks the server to check the form's values of `keys` (the saved ones where unchanged) with the provider; nothing
   * is saved. A value that breaks its rule is not sent: its field says why, and the test waits for a valid one.
   */
  const testConnection = async (provider: ConnectionProvider, keys: readonly SettingKey[], values: SettingsFormValues) => {
    const settings = changesOf(values).filter(({ key }) => keys.includes(key));
    const invalid = settings.find(({ key, value }) => value !== null && validateField(key, value));
    if (invalid) {
      setConnectionTests((tests) => ({ ...tests, [provider]: { status: 'failed', error: `${validateField(invalid.key, invalid.value!)}: correct it to test the connection` } }));
      return;
    }
    setConnectionTests((tests) => ({ ...tests, [provider]: { status: 'testing' } }));
    let state: ConnectionTestState;
    try {
      const { data } = await runConnectionTest({ variables: { provider, settings } });
      state = data ? { status: 'done', result: data.testConnection } : { status: 'failed', error: 'The connection test failed' };
    } catch (caught) {
      state = { status: 'failed', error: apiErrorMessage(caught, 'The connection test failed') };
    }
    setConnectionTests((tests) => ({ ...tests, [provider]: state }));
  };

  /** The field still holds the masked text of a saved secret, not its value. */
  const holdsMaskedSecret = (key: SettingKey, value: string) =>
    secretKeys.has(key) && revealedValues[key] === undefined && value !== '' && value === initialValues[key];

  const reveal = async (key: SettingKey): Promise<string> => {
    const { data } = await client.query({ query: SettingValueDocument, variables: { key }, fetchPolicy: 'no-cache' });
    return data?.settingValue ?? '';
  };

  const displayOf = (key: SettingKey, value: string): SettingDisplay => {
    if (!secretKeys.has(key) || shownKeys.has(key)) return { mode: 'text' };
    if (value !== '' && value.trim() === unchangedValue(key).trim()) return { mode: 'masked', text: maskSecret(value) };
    return { mode: 'password' };
  };

  /** Show or Hide; Show first fetches a saved secret's value and puts it in the field with `setValue`. */
  const toggleShown = async (key: SettingKey, value: string, setValue: (plain: string) => void) => {
    if (shownKeys.has(key)) {
      setShownKeys((keys) => new Set([...keys].filter((shown) => shown !== key)));
      return;
    }
    if (holdsMaskedSecret(key, value)) {
      let plain: string;
      try {
        plain = await reveal(key);
      } catch (caught) {
        setError(apiErrorMessage(caught, 'Failed to load settings'));
        return;
      }
      setValue(plain);
      setRevealedValues((revealed) => ({ ...revealed, [key]: plain }));
    }
    setShownKeys((keys) => new Set([...keys, key]));
  };

  const copy = async (key: SettingKey, value: string) => {
    let text = value;
    if (holdsMaskedSecret(key, value)) {
      try {
        text = await reveal(key);
      } catch (caught) {
        setError(apiErrorMessage(caught, 'Failed to load settings'));
        return;
      }
    }
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      setError(COPY_FAILED);
      return;
    }
    flashCopied(key);
  };

  /** Saves the changed fields; a refusal about one field shows under it (the fields' own checks ran before). */
  const onSubmit = async (values: SettingsFormValues, form: FormApi<SettingsFormValues>): Promise<SubmissionErrors | undefined> => {
    if (!changedKeys(values).length) return undefined;
    setError(null);
    try {
      const { data } = await saveSettings({
        variables: { settings: changesOf(values) },
        update(cache, result) {
          if (result.data) cache.writeQuery({ query: SettingsDocument, data: { settings: result.data.saveSettings } });
        },
      });
      setRevealedValues({});
      setShownKeys(new Set());
      if (data) form.initialize(toFormValues(data.saveSettings));
      flashSaved(SAVED_MESSAGE);
      return undefined;
    } catch (caught) {
      const message = apiErrorMessage(caught, 'Failed to save settings');
      const field = serverErrorField(caught);
      if (field && (SETTING_KEYS as readonly string[]).includes(field)) return { [field]: message };
      setError(message);
      return undefined;
    }
  };

  /** Danger Zone: empties every field of the form; nothing is deleted until 'Save All Settings'. */
  const confirmClearAll = (form: FormApi<SettingsFormValues>) => {
    form.batch(() => SETTING_KEYS.forEach((key) => form.change(key, '')));
    setConfirmingClear(false);
  };

  return {
    initialValues,
    onSubmit,
    changedKeys,
    validateField,
    connectionTests,
    testConnection,
    displayOf,
    shownKeys,
    toggleShown,
    copy,
    copiedKey,
    savedMessage,
    error,
    dismissError: () => setError(null),
    confirmingClear,
    askClearAll: () => setConfirmingClear(true),
    cancelClearAll: () => setConfirmingClear(false),
    confirmClearAll,
  };
}

export type SettingsFormController = ReturnType<typeof useSettingsForm>;
