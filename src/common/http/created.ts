import type { Response } from 'express';

/** A 201 says where the new resource lives (`Location`), as HTTP clients and SDKs expect. */
export function announceCreated(res: Response, url: string): void {
  res.setHeader('Location', url);
}

/** The header as OpenAPI documents it on a 201. */
export const CREATED_HEADERS_DOC = {
  Location: { description: 'The URL of the new resource.', schema: { type: 'string' } },
};
