import { Field, InputType, ObjectType } from 'type-graphql';
import { ACCOUNT_FIELDS } from '../../users/dtos/user.inputs.js';
import { User } from '../../users/user.entity.js';

@InputType({ description: 'Email and password of an existing account' })
export class LoginInput {
  @Field(() => String, { description: 'The account email, any case; trimmed' })
  email!: string;

  @Field(() => String, { description: 'The account password, as set (never trimmed)' })
  password!: string;
}

@InputType({ description: 'A new account: the first one on a fresh install becomes admin, later ones user' })
export class RegisterInput {
  @Field(() => String, { description: ACCOUNT_FIELDS.name })
  name!: string;

  @Field(() => String, { description: ACCOUNT_FIELDS.email })
  email!: string;

  @Field(() => String, { description: ACCOUNT_FIELDS.password })
  password!: string;
}

@ObjectType({ description: 'A new session: the bearer token and who it signs in' })
export class AuthPayload {
  @Field(() => String, {
    description:
      'A signed bearer token (JWT), sent as "Bearer <token>" in the Authorization header (over WebSocket: connectionParams.authorization); valid until it expires or logout',
  })
  token!: string;

  @Field(() => User, { description: 'The signed-in user' })
  user!: User;
}
