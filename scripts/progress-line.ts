// One line of progress on stderr for a long command ("phase: where it is"): rewritten in place on a terminal;
// otherwise printed at most every two seconds, and when a phase ends (logs stay short and show every phase).
export function progressLine(label: string): { update(text: string): void; done(): void } {
  const started = Date.now();
  const tty = process.stderr.isTTY;
  let printedAt = 0;
  let last = '';
  let lastPrinted = '';
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const print = (text: string) => {
    printedAt = Date.now();
    lastPrinted = text;
    process.stderr.write(`${label}: ${text} (${seconds()})\n`);
  };
  const phase = (text: string) => text.split(':')[0];
  return {
    update(text) {
      if (tty) process.stderr.write(`\r\x1b[2K${label}: ${text} (${seconds()})`);
      else {
        if (last && phase(last) !== phase(text) && lastPrinted !== last) print(last);
        if (Date.now() - printedAt >= 2000) print(text);
      }
      last = text;
    },
    done() {
      if (tty) process.stderr.write('\n');
      else if (last && lastPrinted !== last) print(last);
    },
  };
}
