import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** What Node's parser refused, as the contract's one error shape would say it. */
function refusal(code: string | undefined): { status: number; reason: string; errorCode: string; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      errorCode: 'HEADERS_TOO_LARGE',
      message: 'The request headers are larger than the 16 KiB the service reads.',
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      reason: 'Request Timeout',
      errorCode: 'REQUEST_TIMEOUT',
      message: 'The request headers (or body) did not arrive in time; the connection is closed.',
    };
  }
  return { status: 400, reason: 'Bad Request', errorCode: 'MALFORMED_REQUEST', message: 'The request is not valid HTTP/1.1.' };
}

/**
 * Requests Node's HTTP parser refuses before any middleware runs (a header flood over 16 KiB, a malformed request
 * line, headers that did not arrive within `headersTimeout`) would get a bare status line and no body. They get the one error shape with a request id instead, so that a
 * client, a proxy log or a support ticket can tell what happened, and the connection closes.
 */
export function answerUnparsableRequests(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // The peer is gone (reset, or timed out mid-request): nobody to answer.
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, reason, errorCode, message } = refusal(err.code);
    const requestId = `req_${randomUUID().replace(/-/g, '')}`;
    const body = JSON.stringify({ error: reason, error_code: errorCode, message, request_id: requestId });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
