import { passwordError } from '@slipway/domain';
import { Form } from 'react-final-form';
import type { SubmissionErrors } from 'final-form';
import type { UserRowFragment } from '../../../generated/graphql';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/fields/TextField';
import type { UserAction } from './UserTable';

const COPY: Record<UserAction, { title: (name: string) => string; body: string; confirm: string; working: string }> = {
  disable: {
    title: (name) => `Disable ${name}?`,
    body: 'They are signed out everywhere at once, their access tokens stop working, and they cannot sign in until enabled again.',
    confirm: 'Disable',
    working: 'Disabling...',
  },
  enable: { title: (name) => `Enable ${name}?`, body: 'They can sign in again, and their unexpired access tokens work again.', confirm: 'Enable', working: 'Enabling...' },
  delete: { title: (name) => `Delete ${name}?`, body: 'The account and everything it owns are deleted. This cannot be undone.', confirm: 'Delete', working: 'Deleting...' },
  resetPassword: {
    title: (name) => `Reset the password of ${name}`,
    body: 'They are signed out everywhere and told, at their next sign-in, that an admin reset their password.',
    confirm: 'Reset password',
    working: 'Resetting...',
  },
};

interface ResetValues {
  password: string;
}

/**
 * Asks before disabling, enabling, deleting or resetting a password (which takes the new password). `onConfirm`
 * resolves with submission errors to show here, or undefined when done.
 */
export function UserActionDialog({
  user,
  action,
  onClose,
  onConfirm,
}: {
  user: UserRowFragment;
  action: UserAction;
  onClose: () => void;
  onConfirm: (password?: string) => Promise<SubmissionErrors | undefined>;
}) {
  const copy = COPY[action];
  const formId = `user-action-${action}`;
  return (
    <Form<ResetValues>
      onSubmit={(values) => onConfirm(action === 'resetPassword' ? values.password : undefined)}
      validate={(values) => (action === 'resetPassword' ? { password: passwordError(values.password) } : {})}
      subscription={{ submitting: true, submitError: true }}
    >
      {({ handleSubmit, submitting, submitError }) => (
        <Modal
          isOpen
          onClose={onClose}
          dismissible={!submitting}
          title={copy.title(user.name)}
          footer={
            <>
              <Button variant="secondary" onClick={onClose} disabled={submitting}>
                Cancel
              </Button>
              <Button type="submit" form={formId} variant={action === 'enable' ? 'primary' : 'danger'} disabled={submitting}>
                {submitting ? copy.working : copy.confirm}
              </Button>
            </>
          }
        >
          <form id={formId} onSubmit={handleSubmit} noValidate>
            {submitError && <ErrorBanner message={String(submitError)} />}
            <p>{copy.body}</p>
            {action === 'resetPassword' && <TextField name="password" label="New password" type="password" autoComplete="new-password" autoFocus />}
          </form>
        </Modal>
      )}
    </Form>
  );
}
