// Writes apps/server/openapi.json from the zod contracts: `npm run -w @breedwise/server openapi`.
import fs from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../src/openapi';

const file = path.resolve(import.meta.dirname, '../openapi.json');
fs.writeFileSync(file, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), file)}`);
