import { AUTH_ENTITIES } from './modules/auth';
import { BILLING_ENTITIES } from './modules/billing';
import { RENDERING_ENTITIES } from './modules/rendering';
import { WEBHOOKS_ENTITIES } from './modules/webhooks';

/**
 * Every table of the service, as each module names its own. Part of the composition root (with
 * app.module.ts, worker.module.ts, cli.ts and ormconfig.ts): src/database knows no module, so the
 * entity list is handed to `dataSourceOptions` from here.
 */
export const ENTITIES = [...AUTH_ENTITIES, ...BILLING_ENTITIES, ...RENDERING_ENTITIES, ...WEBHOOKS_ENTITIES];
