import type { RequestHandler } from 'express';
import { CommonErrors } from '../errors';

/**
 * Swagger UI (/docs) loads its own scripts and styles from /docs and inlines styles; it reads the document from
 * /docs-json and calls the API on this origin when "Try it out" is used. Nothing else, and never in a frame.
 */
const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Headers every response carries: `nosniff` (a JSON body, or an uploaded-looking file, is never run as a script or
 * a page), and no framing except for the CDN's media. Swagger UI gets a content security policy of its own (the
 * dashboard sets its own where its pages are served).
 */
export function securityHeaders(): RequestHandler {
  return (req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (!req.path.startsWith('/cdn/')) res.setHeader('X-Frame-Options', 'DENY');
    if (req.path === '/docs' || req.path.startsWith('/docs/')) res.setHeader('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY);
    next();
  };
}

/**
 * In production, source maps are not served (they would publish the dashboard's source as written). The API's
 * own paths never end in `.map`, so the rule is only the static files'.
 */
export function refuseSourceMaps(): RequestHandler {
  return (req, _res, next) => {
    if (req.path.endsWith('.map') && !req.path.startsWith('/v1/') && !req.path.startsWith('/cdn/')) {
      next(CommonErrors.notFound('File'));
      return;
    }
    next();
  };
}
