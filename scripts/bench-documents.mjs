// What trusted documents save: what each operation of the projects page sends with its whole text (a POST body, as
// Apollo Client prints it) and with its hash only (what the client sends now: for a query, a GET whose URL carries
// the name, variables and hash). Reads codegen's manifest.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { parse, print } from 'graphql';

const manifest = JSON.parse(readFileSync(new URL('../client/src/generated/persisted-documents.json', import.meta.url), 'utf8'));
// The operations the projects page sends on load (the app shell's Me, the list and its tag filter).
const PAGE = { Me: {}, Projects: { filter: { page: 1, limit: 12, sortBy: 'updated_at', sortOrder: 'DESC' } }, ProjectTags: {} };

const rows = Object.entries(PAGE).map(([operationName, variables]) => {
  const entry = Object.entries(manifest).find(([, text]) => new RegExp(`\\b(query|mutation) ${operationName}\\b`).test(text));
  if (!entry) throw new Error(`${operationName} is not in the manifest: run npm run codegen`);
  const [hash, text] = entry;
  const whole = JSON.stringify({ operationName, variables, query: print(parse(text)) });
  const extensions = { persistedQuery: { version: 1, sha256Hash: hash.replace('sha256:', '') } };
  // All three are queries: the URL's query string, as Apollo Client encodes it for a GET.
  const hashed = `?${new URLSearchParams({ operationName, variables: JSON.stringify(variables), extensions: JSON.stringify(extensions) })}`;
  return { operationName, whole: Buffer.byteLength(whole), hashed: Buffer.byteLength(hashed), wholeGz: gzipSync(whole).length, hashedGz: gzipSync(hashed).length };
});
const total = rows.reduce((sum, row) => ({ whole: sum.whole + row.whole, hashed: sum.hashed + row.hashed }), { whole: 0, hashed: 0 });

console.log('request bytes per operation of the projects page: the POST body with the whole text, the GET query string with the hash');
console.log('(requests are not compressed; gzip shown for scale)\n');
console.log('operation        whole text   hash only   saved    (gzip: whole / hash)');
for (const row of rows) {
  const saved = Math.round((1 - row.hashed / row.whole) * 100);
  console.log(`${row.operationName.padEnd(16)} ${String(row.whole).padStart(10)}   ${String(row.hashed).padStart(9)}   ${String(saved).padStart(3)} %    (${row.wholeGz} / ${row.hashedGz})`);
}
console.log(`${'page total'.padEnd(16)} ${String(total.whole).padStart(10)}   ${String(total.hashed).padStart(9)}   ${String(Math.round((1 - total.hashed / total.whole) * 100)).padStart(3)} %`);
console.log(`\n${Object.keys(manifest).length} trusted documents in the manifest`);
