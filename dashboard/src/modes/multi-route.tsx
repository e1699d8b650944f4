/** multi_route: routes fanning out from one origin. */
import { JsonSettingsEditor } from './JsonSettingsEditor';
import { defineModeSection, settingsText } from './mode-section';
import { pointLabel } from './words';

export const multiRouteSection = defineModeSection({
  mode: 'multi_route',
  shortLabel: 'Multi-route',
  startingSettings: settingsText({
    origin: { place: 'Shanghai' },
    routes: [
      { place: 'Singapore', data_label: '6 days' },
      { place: 'Rotterdam', data_label: '32 days' },
      { place: 'Los Angeles', data_label: '16 days' },
    ],
  }),
  Editor: JsonSettingsEditor,
  routeSummary(request) {
    const { origin, routes } = request.multi_route ?? { origin: undefined, routes: [] };
    return `${pointLabel(origin)} → ${routes.length === 1 ? pointLabel(routes[0]) : `${routes.length} destinations`}`;
  },
});
