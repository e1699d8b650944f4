import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Route } from 'playwright-core';

/**
 * A GET of the bundle's page, served by request interception (from contract/in-page-protocol.ts's origin): the file
 * of the bundle folder the path names, or 404 for anything else (never a path outside the folder).
 */
export function answerFromBundle(route: Route, bundleDir: string): Promise<void> {
  const url = new URL(route.request().url());
  const file = path.join(bundleDir, path.normalize(decodeURIComponent(url.pathname)));
  if (!file.startsWith(bundleDir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return route.fulfill({ status: 404 });
  return route.fulfill({ path: file });
}
