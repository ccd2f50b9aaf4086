/** The secret box context of a domain's private key: a sealed key moved to another row does not open. */
export const keyContext = (domainId: string) => `domain:${domainId}:key`;
