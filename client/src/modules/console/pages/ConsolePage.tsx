import { ConsoleHeader } from '../components/ConsoleHeader';
import { StatTiles } from '../components/StatTiles';
import { Terminal } from '../components/Terminal';

/** The console screen: welcome header, stat tiles and the terminal. */
export function ConsolePage() {
  return (
    <>
      <ConsoleHeader />
      <StatTiles />
      <Terminal />
    </>
  );
}
