import { registerEnumType } from 'type-graphql';

/** Spec section 4: a deployment's lifecycle. */
export enum DeploymentStatus {
  pending = 'pending',
  deploying = 'deploying',
  ready = 'ready',
  active = 'active',
  rolled_back = 'rolled_back',
  cleaning_up = 'cleaning_up',
  rolling_back = 'rolling_back',
  archived = 'archived',
  /** Not in spec section 4's list: replaced by a newer deployment (not a rollback), kept as a way back. */
  superseded = 'superseded',
}

/** Spec section 4: how a deployment replaces the one before it. */
export enum DeploymentStrategy {
  initial = 'initial',
  rolling = 'rolling',
  all_at_once = 'all_at_once',
  canary = 'canary',
}

registerEnumType(DeploymentStatus, {
  name: 'DeploymentStatus',
  description: "A deployment's lifecycle",
  valuesConfig: {
    pending: { description: 'Waiting to start' },
    deploying: { description: 'Starting the new revision' },
    ready: { description: 'Up and healthy, not serving traffic yet' },
    active: { description: 'Serving traffic' },
    rolled_back: { description: 'Rolled back: a rollback replaced it, or it never became healthy' },
    cleaning_up: { description: 'Being stopped and removed' },
    rolling_back: { description: 'Being replaced by an earlier deployment' },
    archived: { description: 'Kept for history' },
    superseded: { description: 'Replaced by a newer deployment; a way back for a rollback' },
  },
});

registerEnumType(DeploymentStrategy, {
  name: 'DeploymentStrategy',
  description: 'How a deployment replaces the one before it',
  valuesConfig: {
    initial: { description: "The project's first deployment" },
    rolling: { description: 'New revision up and healthy before the old one stops' },
    all_at_once: { description: 'Old revision stopped, then the new one started' },
    canary: { description: 'A share of the traffic first, then all of it' },
  },
});
