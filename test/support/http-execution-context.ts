import type { ExecutionContext } from '@nestjs/common';

/** A minimal HTTP ExecutionContext for guard unit specs: the handler and class carry the route's metadata. */
export function httpContext(
  req: object,
  res: object = {},
  handler: () => void = () => undefined,
  cls: object = class {},
): ExecutionContext {
  return {
    getType: () => 'http',
    getHandler: () => handler,
    getClass: () => cls,
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => res, getNext: () => undefined }),
  } as unknown as ExecutionContext;
}
