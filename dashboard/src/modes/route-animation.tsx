/** route_animation: waypoints travelled in order. Its settings are the request's shared waypoints, not an object of its own. */
import { WaypointsEditor } from '../form/WaypointsEditor';
import { defineModeSection, type ModeEditorProps } from './mode-section';
import { pointLabel } from './words';

function RouteAnimationEditor({ form, set, error }: ModeEditorProps) {
  return <WaypointsEditor waypoints={form.waypoints} onChange={(waypoints) => set('waypoints', waypoints)} error={error} />;
}

export const routeAnimationSection = defineModeSection({
  mode: 'route_animation',
  shortLabel: 'Route',
  // The waypoints stay as they were.
  startingSettings: '',
  emptyPreview: 'Choose your waypoints, then press Preview: the video plays here, free.',
  Editor: RouteAnimationEditor,
  routeSummary(request) {
    const waypoints = request.waypoints ?? [];
    if (waypoints.length === 0) return 'No route';
    const via = waypoints.length > 2 ? ` (${waypoints.length - 2} via)` : '';
    return `${pointLabel(waypoints[0])} → ${pointLabel(waypoints[waypoints.length - 1])}${via}`;
  },
});
