import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Paths of the local CDN (videos, thumbnails, style previews): already compressed media, served with byte ranges. */
const CDN_PATH = /^\/cdn\//;

/**
 * gzip or br for JSON and the dashboard's files, as the client's `Accept-Encoding` asks (br preferred when both are
 * accepted equally), above 1 KiB. Never for the local CDN's files or any range request: MP4 and JPEG gain nothing,
 * and a compressed body would break the byte offsets of `Range`/`Content-Range` that video players rely on.
 */
export function compressResponses(): RequestHandler {
  return compression({
    threshold: 1024,
    filter: (req: Request, res: Response) => !CDN_PATH.test(req.path) && req.headers.range === undefined && compression.filter(req, res),
  });
}
