// A process booted as `npm start` boots the server (see client-build.spec.ts): it says how the wait ended.
import { watchClientBuild } from '../client-build.js';

watchClientBuild(true).then(
  () => console.log('built'),
  (error: Error) => console.log(`rejected: ${error.message}`),
);
