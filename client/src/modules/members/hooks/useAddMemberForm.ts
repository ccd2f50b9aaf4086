import type { FormApi, SubmissionErrors } from 'final-form';
import { serverSubmissionErrors } from '../../../app/errors/server-field-errors';
import { ProjectMembersDocument, type MemberRole } from '../../../generated/graphql';
import { useAddProjectMemberMutation } from '../../../generated/hooks';

export interface AddMemberValues {
  email: string;
  role: MemberRole;
}

export const ROLE_OPTIONS: ReadonlyArray<{ value: MemberRole; label: string }> = [
  { value: 'viewer', label: 'Viewer — reads the project' },
  { value: 'developer', label: 'Developer — also builds and deploys' },
  { value: 'maintainer', label: 'Maintainer — also settings, members, deletion' },
];

const initialValues: AddMemberValues = { email: '', role: 'viewer' };

function validate(values: AddMemberValues) {
  const errors: Partial<Record<keyof AddMemberValues, string>> = {};
  if (!values.email?.trim()) errors.email = 'Email is required';
  return errors;
}

/** Adds a member by email; the server's refusals (no such user, already a member) land on their field. */
export function useAddMemberForm(projectId: string, onAdded: (email: string) => void) {
  const [add] = useAddProjectMemberMutation();
  const onSubmit = async (values: AddMemberValues, form: FormApi<AddMemberValues>): Promise<SubmissionErrors | undefined> => {
    try {
      await add({
        variables: { projectId, input: { email: values.email.trim(), role: values.role } },
        refetchQueries: [{ query: ProjectMembersDocument, variables: { projectId } }],
        awaitRefetchQueries: true,
      });
      onAdded(values.email.trim());
      setTimeout(() => form.restart(initialValues));
      return undefined;
    } catch (error) {
      return serverSubmissionErrors(error, ['email', 'role'], 'Failed to add the member');
    }
  };
  return { initialValues, validate, onSubmit };
}
