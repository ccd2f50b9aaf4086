import type { TypePolicies } from '@apollo/client';

/** The cache's type policies; features add their entries here (e.g. merge rules for paginated lists). */
export const typePolicies: TypePolicies = {};
