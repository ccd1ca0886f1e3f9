import fs from 'node:fs';
import { API_TYPES_FILE, readApiDocument, renderApiTypes } from './api-types.ts';

// npm run api:types: regenerates the web's API types from the server's routes
const types = await renderApiTypes(await readApiDocument());
fs.writeFileSync(API_TYPES_FILE, types);
console.log(`wrote ${API_TYPES_FILE}`);
