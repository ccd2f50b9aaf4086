import 'reflect-metadata';
import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: "A kubeconfig's contexts, to choose KUBERNETES_CONTEXT from" })
export class KubeconfigContexts {
  @Field(() => [String], { description: 'The context names, in the kubeconfig’s order' })
  contexts!: string[];

  @Field(() => String, { nullable: true, description: 'Its current-context, when it names one of them' })
  current!: string | null;
}
