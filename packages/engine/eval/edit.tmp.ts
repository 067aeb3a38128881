import { readFile, writeFile } from 'node:fs/promises';
import { createLocalProvider } from '../src/local-provider.ts';
const [photo, prompt, out] = process.argv.slice(2);
const r = await createLocalProvider().edit!({ image: await readFile(`packages/engine/test/fixtures/${photo}`), prompt: prompt!, numImages: 1 });
await writeFile(out!, r.images[0]!);
console.log(JSON.stringify(r.clauses));
