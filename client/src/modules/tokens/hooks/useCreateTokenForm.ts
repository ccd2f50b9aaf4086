import type { FormApi, SubmissionErrors } from 'final-form';
import { useState } from 'react';
import { serverSubmissionErrors } from '../../../app/errors/server-field-errors';
import { AccessTokensDocument, type AccessTokenRowFragment, type TokenScope } from '../../../generated/graphql';
import { useCreateAccessTokenMutation } from '../../../generated/hooks';

export interface CreateTokenValues {
  name: string;
  expiresInDays: string;
  scopes: TokenScope[];
  /** None chosen: every project of the user's. */
  projectIds: string[];
}

export const EXPIRY_OPTIONS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
] as const;

export const SCOPE_OPTIONS: ReadonlyArray<{ value: TokenScope; label: string; hint: string }> = [
  { value: 'read', label: 'read', hint: 'Read projects, versions, deployments and settings' },
  { value: 'write', label: 'write', hint: 'Change projects, versions, variables and settings' },
  { value: 'deploy', label: 'deploy', hint: 'Build, deploy, roll back and stop' },
  { value: 'admin', label: 'admin', hint: 'Manage users (managers and admins only)' },
];

const initialValues: CreateTokenValues = { name: '', expiresInDays: '30', scopes: ['read'], projectIds: [] };

/** The new token's secret, shown once, with the row it was created as. */
export interface CreatedToken {
  secret: string;
  token: AccessTokenRowFragment;
}

function validate(values: CreateTokenValues) {
  const errors: Partial<Record<keyof CreateTokenValues, string>> = {};
  if (!values.name?.trim()) errors.name = 'Name is required';
  if (!values.scopes?.length) errors.scopes = 'Choose at least one scope';
  return errors;
}

/** Creates a token; its secret is kept in this hook's state only until the user dismisses it. */
export function useCreateTokenForm() {
  const [create] = useCreateAccessTokenMutation();
  const [created, setCreated] = useState<CreatedToken | null>(null);

  const onSubmit = async (values: CreateTokenValues, form: FormApi<CreateTokenValues>): Promise<SubmissionErrors | undefined> => {
    try {
      const expiresAt = new Date(Date.now() + Number(values.expiresInDays) * 86_400_000).toISOString();
      const { data } = await create({
        variables: { input: { name: values.name.trim(), expiresAt, scopes: values.scopes, projectIds: values.projectIds?.length ? values.projectIds : null } },
        refetchQueries: [AccessTokensDocument],
        awaitRefetchQueries: true,
      });
      if (data) setCreated({ secret: data.createAccessToken.token, token: data.createAccessToken.accessToken });
      setTimeout(() => form.restart(initialValues));
      return undefined;
    } catch (error) {
      return serverSubmissionErrors(error, ['name', 'scopes', 'projectIds'], 'Failed to create the token');
    }
  };

  return { initialValues, validate, onSubmit, created, dismissCreated: () => setCreated(null) };
}

export type CreateTokenFormController = ReturnType<typeof useCreateTokenForm>;
