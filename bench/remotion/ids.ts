/** Composition ids only the benches use (plain, so that Node code can import them without the compositions). */
export const BLANK_COMPOSITION_ID = 'Blank';
