import { useState } from 'react';
import { apiErrorMessage } from '../../../../app/apollo/error-message';
import type { ProjectEnvironmentFragment } from '../../../../generated/graphql';
import { useUpdateProjectEnvironmentMutation } from '../../../../generated/hooks';
import { isSensitiveName } from '@slipway/domain';

export interface EditorVariable {
  name: string;
  value: string;
  sensitive: boolean;
}

export interface NewVariable {
  name: string;
  value: string;
}

type Variables = ProjectEnvironmentFragment['environmentVariables'];

const SAVE_FAILED = 'Failed to update environment variables';

/**
 * Spec section 4's environment variable editor: view mode; Edit copies the current values into a draft; the draft
 * is changed in place, by the add dialog and by Remove; Save sends the whole draft and leaves edit mode; Cancel
 * discards it. Sensitive values are masked until shown.
 */
export function useEnvironmentEditor(projectId: string, variables: Variables) {
  const [updateEnvironment, { loading: saving }] = useUpdateProjectEnvironmentMutation();
  /** null: view mode. */
  const [draft, setDraft] = useState<EditorVariable[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [shownNames, setShownNames] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const leaveEditMode = () => {
    setDraft(null);
    setAdding(false);
    setShownNames(new Set());
    setError(null);
  };

  const startEdit = () => {
    setDraft(variables.map(({ name, value, sensitive }) => ({ name, value, sensitive })));
    setError(null);
  };

  const changeValue = (name: string, value: string) =>
    setDraft((current) => current && current.map((variable) => (variable.name === name ? { ...variable, value } : variable)));

  const remove = (name: string) => setDraft((current) => current && current.filter((variable) => variable.name !== name));

  /** The name is trimmed and the value kept as typed; adding a name that is already there replaces its value. */
  const add = ({ name, value }: NewVariable) => {
    const variable = { name: name.trim(), value, sensitive: isSensitiveName(name.trim()) };
    setDraft((current) => {
      if (!current) return current;
      const index = current.findIndex((existing) => existing.name === variable.name);
      return index === -1 ? [...current, variable] : current.map((existing, i) => (i === index ? variable : existing));
    });
    setAdding(false);
  };

  const save = async () => {
    if (!draft) return;
    setError(null);
    try {
      await updateEnvironment({ variables: { id: projectId, variables: draft.map(({ name, value }) => ({ name, value })) } });
      leaveEditMode();
    } catch (caught) {
      setError(apiErrorMessage(caught, SAVE_FAILED));
    }
  };

  const toggleShown = (name: string) =>
    setShownNames((names) => (names.has(name) ? new Set([...names].filter((shown) => shown !== name)) : new Set([...names, name])));

  return {
    editing: draft !== null,
    variables: draft ?? variables.map(({ name, value, sensitive }) => ({ name, value, sensitive })),
    saving,
    error,
    dismissError: () => setError(null),
    startEdit,
    cancel: leaveEditMode,
    save,
    changeValue,
    remove,
    adding,
    openAddDialog: () => setAdding(true),
    closeAddDialog: () => setAdding(false),
    add,
    shownNames,
    toggleShown,
  };
}

export type EnvironmentEditorController = ReturnType<typeof useEnvironmentEditor>;
