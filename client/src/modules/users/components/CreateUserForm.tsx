import { Form } from 'react-final-form';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { SelectField } from '../../../ui/fields/SelectField';
import { TextField } from '../../../ui/fields/TextField';
import { type CreateUserValues, ROLE_OPTIONS, useCreateUserForm } from '../hooks/useCreateUserForm';
import type { UserRowFragment } from '../../../generated/graphql';

/** Name, email, first password and (admins) role of a new account. */
export function CreateUserForm({ canGrantRoles, onCreated }: { canGrantRoles: boolean; onCreated: (user: UserRowFragment) => void }) {
  const { initialValues, validate, onSubmit } = useCreateUserForm(onCreated);
  return (
    <Form<CreateUserValues> onSubmit={onSubmit} initialValues={initialValues} validate={validate} subscription={{ submitting: true, submitError: true }}>
      {({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="New user">
          {submitError && <ErrorBanner message={String(submitError)} />}
          <TextField name="name" label="Name" autoComplete="off" />
          <TextField name="email" label="Email" type="email" autoComplete="off" />
          <TextField name="password" label="Password" type="password" autoComplete="new-password" hint="At least 6 characters. Tell the person; they can change it." />
          {canGrantRoles && <SelectField name="role" label="Role" options={ROLE_OPTIONS} />}
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Creating...' : 'Create user'}
          </Button>
        </form>
      )}
    </Form>
  );
}
