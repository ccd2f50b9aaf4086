import { emailError, passwordError, userNameError } from '@slipway/domain';
import type { FormApi, SubmissionErrors } from 'final-form';
import { serverSubmissionErrors } from '../../../app/errors/server-field-errors';
import { type Role, type UserRowFragment, UsersDocument } from '../../../generated/graphql';
import { useCreateUserMutation } from '../../../generated/hooks';

export interface CreateUserValues {
  name: string;
  email: string;
  password: string;
  role: Role;
}

export const ROLE_OPTIONS: ReadonlyArray<{ value: Role; label: string }> = [
  { value: 'user', label: 'User' },
  { value: 'manager', label: 'Manager' },
  { value: 'admin', label: 'Admin' },
];

const initialValues: CreateUserValues = { name: '', email: '', password: '', role: 'user' };

/** The same rules as the server's (the domain package's), so most mistakes show before a round trip. */
function validate(values: CreateUserValues) {
  return { name: userNameError(values.name), email: emailError(values.email), password: passwordError(values.password) };
}

/** Creates an account (it is not signed in); `onCreated` hears of it. Server refusals land beside their field. */
export function useCreateUserForm(onCreated: (user: UserRowFragment) => void) {
  const [create] = useCreateUserMutation();

  const onSubmit = async (values: CreateUserValues, form: FormApi<CreateUserValues>): Promise<SubmissionErrors | undefined> => {
    try {
      const { data } = await create({
        variables: { input: { name: values.name.trim(), email: values.email.trim(), password: values.password, role: values.role } },
        refetchQueries: [UsersDocument],
        awaitRefetchQueries: true,
      });
      if (data) onCreated(data.createUser);
      setTimeout(() => form.restart(initialValues));
      return undefined;
    } catch (error) {
      return serverSubmissionErrors(error, ['name', 'email', 'password', 'role'], 'Failed to create the user');
    }
  };

  return { initialValues, validate, onSubmit };
}
