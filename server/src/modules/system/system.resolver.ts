import { setTimeout as sleep } from 'node:timers/promises';
import { Authorized, Resolver, Root, Subscription } from 'type-graphql';

const TICK_MS = 1000;

async function* clockTicks(): AsyncGenerator<Date> {
  for (;;) {
    yield new Date();
    await sleep(TICK_MS, undefined, { ref: false });
  }
}

@Resolver()
export class SystemResolver {
  /** The server's clock once a second: a live check that the subscription transport works end to end. */
  @Authorized()
  @Subscription(() => Date, {
    subscribe: () => clockTicks(),
    description: "The server's clock (ISO 8601, UTC) once a second: a live check that subscriptions work end to end",
  })
  serverTime(@Root() now: Date): Date {
    return now;
  }
}
