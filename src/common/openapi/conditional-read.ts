import { ApiResponse } from '@nestjs/swagger';

/** The description of a read that answers `If-None-Match` (common/http/etag.ts). */
export const ETAG_READ_DOC =
  'The response has an `ETag`. Send it back as `If-None-Match` to poll cheaply: while nothing changed the answer is ' +
  '304 with no body (the rate-limit headers still sent). A 304 counts toward the rate limit like any request.';

/** The `ETag` header of such a read's 200. */
export const ETAG_HEADER_DOC = {
  ETag: {
    description: 'A weak validator of this response body; send it as `If-None-Match` on the next read.',
    schema: { type: 'string', example: 'W/"q2pKt0m3Lx9vB8cN4sR7yZ1wE5h"' },
  },
};

/** Documents the 304 of a conditional read. */
export const NOT_MODIFIED_RESPONSE = () =>
  ApiResponse({
    status: 304,
    description: 'Not modified: the `If-None-Match` sent matches the current `ETag`. No body.',
    headers: ETAG_HEADER_DOC,
  });
