/**
 * `title` of a render body: the intro card, written once as a schema (ADR 0040). Its validation (the render DTO checks
 * it through `SchemaField`), the type the parse reads (`TitleInput`) and the one a job stores (`Title`), the `TitleDto` component of the
 * OpenAPI document and the dashboard's input lengths (`TITLE_MAX_LENGTHS`) follow from it.
 *
 * Both texts are drawn as plain text: stripped of the characters that draw nothing (contract §27) before their length
 * is checked, as the API's `@PlainText` fields are.
 */
import { z } from 'zod';
import { asPlainText } from '../../common/text/format-characters';
import { maxLengths } from './schema-bounds';

export const TITLE_SCHEMA = z.strictObject({
  text: z.string().overwrite(asPlainText).min(1).max(80).meta({ example: 'From Lisbon to New York' }),
  subtitle: z.string().overwrite(asPlainText).max(120).optional().meta({ example: 'Summer 2026' }),
});

/** The title as a request sends it. */
export type TitleInput = z.input<typeof TITLE_SCHEMA>;

/** The title as a job stores it: what the schema's parse gives (its texts stripped). */
export type Title = z.output<typeof TITLE_SCHEMA>;

/** The longest text of each field, for the dashboard's inputs. */
export const TITLE_MAX_LENGTHS = maxLengths(TITLE_SCHEMA);
