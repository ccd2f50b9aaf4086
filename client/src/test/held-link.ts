import { ApolloLink } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { concatMap, from } from 'rxjs';

/**
 * Apollo's MockLink for `mocks`, except that the answers of the operations named in `held` wait until the test calls
 * `release(name)`: a state that lasts "while the server has not answered" lasts exactly until the test says so,
 * however slow the machine.
 */
export function heldMockLink(mocks: ReadonlyArray<MockLink.MockedResponse>, held: readonly string[]) {
  const mockLink = new MockLink(mocks, { defaultOptions: { delay: 0 } });
  const gates = new Map(
    held.map((name) => {
      let open = () => undefined as void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      return [name, { opened, open }] as const;
    }),
  );
  const link = new ApolloLink((operation) => {
    const answer = mockLink.request(operation);
    const gate = gates.get(operation.operationName ?? '');
    return gate ? from(gate.opened).pipe(concatMap(() => answer)) : answer;
  });
  const release = (name: string) => {
    const gate = gates.get(name);
    if (!gate) throw new Error(`${name} is not held`);
    gate.open();
  };
  return { link, release };
}
