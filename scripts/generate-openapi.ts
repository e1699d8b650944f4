import { writeFileSync } from 'node:fs';
import { generateOpenApiJson, OPENAPI_FILE } from '../src/openapi';

/** Regenerates docs/openapi.json (commit it with the API change). */
generateOpenApiJson()
  .then((json) => {
    writeFileSync(OPENAPI_FILE, json);
    console.log(`Wrote ${OPENAPI_FILE}`);
    process.exit(0);
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
