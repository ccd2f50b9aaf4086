import { Field, InputType } from 'type-graphql';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MAX_USER_NAME_LENGTH, MIN_PASSWORD_LENGTH } from '@slipway/domain';
import { Role } from '../user-role.js';

/** The spec section 5 account rules, as the API's descriptions state them (registration uses them too). */
export const ACCOUNT_FIELDS = {
  name: `The person's name; trimmed, 1 to ${MAX_USER_NAME_LENGTH} characters`,
  email: `A unique email address, at most ${MAX_EMAIL_LENGTH} characters; stored lower-cased`,
  password: `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters, not trimmed`,
};

@InputType({ description: 'An account made by a manager or admin' })
export class CreateUserInput {
  @Field(() => String, { description: ACCOUNT_FIELDS.name })
  name!: string;

  @Field(() => String, { description: ACCOUNT_FIELDS.email })
  email!: string;

  @Field(() => String, { description: ACCOUNT_FIELDS.password })
  password!: string;

  @Field(() => Role, { nullable: true, description: 'Defaults to user; only an admin gives a higher role' })
  role?: Role;
}

@InputType({ description: 'Only the fields given change; name, email and password must not be null' })
export class UpdateUserInput {
  @Field(() => String, { nullable: true, description: ACCOUNT_FIELDS.name })
  name?: string;

  @Field(() => String, { nullable: true, description: ACCOUNT_FIELDS.email })
  email?: string;

  @Field(() => String, {
    nullable: true,
    description: `${ACCOUNT_FIELDS.password}; ends the user's other sessions. Your own needs currentPassword; another user's is reset by an admin only (signed out everywhere, passwordResetAt set)`,
  })
  password?: string;

  @Field(() => String, { nullable: true, description: 'Your current password, needed to change your own' })
  currentPassword?: string;

  @Field(() => Role, { nullable: true, description: 'Only an admin changes roles; the last admin keeps theirs' })
  role?: Role;
}
