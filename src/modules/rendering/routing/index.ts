/**
 * Routing: turns a render's waypoints into a RoutePlan before any frame is drawn (worker), and
 * resolves `place` names offline (API). Everything else in this folder is internal.
 */
export { planRoute, waypointName, MAX_POINTS_PER_LEG } from './plan-route';
export type { PlanRouteInput, PlanRouteDeps } from './plan-route';
export { routePlanToFeatureCollection } from './route-geojson';
export type { RouteFeatureCollection, RouteLegFeature } from './route-geojson';
export { resolvePlace, suggestPlaces, preloadGazetteer, normalizePlaceName } from './gazetteer';
export type { ResolvedPlace } from './gazetteer';
export { createRoadRouter } from './road/create-road-router';
export { OsrmRoadRouter } from './road/osrm-road-router';
export type { OsrmOptions } from './road/osrm-road-router';
export { FileRoadRouter } from './road/file-road-router';
export { ROAD_SNAP_LIMIT_KM } from './road/road-router';
export type { RoadRouter, RoadRoute } from './road/road-router';
export { routeBySea, SEA_SNAP_LIMIT_KM } from './sea/sea-router';
export { maritimeNetwork } from './sea/maritime-network';
export { CHOKEPOINT_AREAS } from './sea/chokepoints';
export { greatCircleArc, haversineKm } from './great-circle';
