// A process booted as `npm start` boots the server (see client-build.spec.ts): it says how the wait ended.
import { watchClientBuild } from '../client-build.js';

let state = 'waiting';
watchClientBuild(true).then(
  () => {
    state = 'built';
    console.log('built');
  },
  (error: Error) => {
    state = 'rejected';
    console.log(`rejected: ${error.message}`);
  },
);
// Answers 'state?' with how the wait stands, once what the message may have settled has run: a message the wait
// must ignore, and the signal that nothing settled before it.
process.on('message', (message) => {
  if (message === 'state?') setImmediate(() => process.send?.(state));
});
