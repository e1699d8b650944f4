import { renderBodyExamples } from '../../contract';

/**
 * Request bodies shown (and pre-filled) in Swagger UI: each mode's, from the mode registry (`contract/modes`).
 * Each is accepted as shown on every tier, Free included: 720p, at most 10 s, places and countries the offline
 * lists know, no template and no webhook (a unit spec checks this).
 */
export const RENDER_BODY_EXAMPLES = renderBodyExamples();

export const BATCH_BODY_EXAMPLES = {
  two_jobs: {
    summary: 'Two renders in one batch',
    value: {
      jobs: [
        { waypoints: [{ place: 'Lisbon' }, { place: 'Madrid' }], transport: 'plane', duration: 6 },
        { waypoints: [{ place: 'Rotterdam' }, { place: 'Hamburg' }], transport: 'ship', duration: 6 },
      ],
    },
  },
};
