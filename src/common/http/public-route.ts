import { SetMetadata } from '@nestjs/common';

/** Route metadata read by auth's global guards. */
export const IS_PUBLIC = 'mapr:isPublic';

/**
 * The visible exception: this route needs no credentials. (The OpenAPI document has no global
 * security requirement, so a public route simply lists none.) Defined here so infrastructure
 * (health probes) can mark routes without depending on the auth module; auth re-exports it.
 */
export const Public = () => SetMetadata(IS_PUBLIC, true);
