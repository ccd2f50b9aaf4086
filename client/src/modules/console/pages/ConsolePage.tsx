import { ConsoleHeader } from '../components/ConsoleHeader';
import { StatTiles } from '../components/StatTiles';

/** The console screen: welcome header and stat tiles; the terminal (issue 4) goes below the tiles. */
export function ConsolePage() {
  return (
    <>
      <ConsoleHeader />
      <StatTiles />
    </>
  );
}
