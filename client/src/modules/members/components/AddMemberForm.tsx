import { Form } from 'react-final-form';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { SelectField } from '../../../ui/fields/SelectField';
import { TextField } from '../../../ui/fields/TextField';
import { type AddMemberValues, ROLE_OPTIONS, type useAddMemberForm } from '../hooks/useAddMemberForm';

/** Email and role of a user to share the project with. */
export function AddMemberForm({ initialValues, validate, onSubmit }: ReturnType<typeof useAddMemberForm>) {
  return (
    <Form<AddMemberValues> onSubmit={onSubmit} initialValues={initialValues} validate={validate} subscription={{ submitting: true, submitError: true }}>
      {({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Add a member">
          {submitError && <ErrorBanner message={String(submitError)} />}
          <TextField name="email" label="Email" type="email" autoComplete="off" hint="The email address of an existing Slipway account." />
          <SelectField name="role" label="Role" options={ROLE_OPTIONS} />
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Adding...' : 'Add member'}
          </Button>
        </form>
      )}
    </Form>
  );
}
