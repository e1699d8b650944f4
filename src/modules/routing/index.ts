/**
 * Routing: turns a render's waypoints (or multi_route's origin and destinations) into a RoutePlan
 * before any frame is drawn (worker), and resolves `place` names and countries offline (API). Everything else in this folder is internal: import
 * from here only.
 */
export { RoutingModule } from './routing.module';
export { RoutePlanner } from './route-planner.service';
export { planRoute, refuseRoadLegsWithoutRouter, roadLegNames, waypointName, MAX_POINTS_PER_LEG } from './plan-route';
export type { FanOutRoutes, PlanRouteInput, PlanRouteDeps, RoutePoint } from './plan-route';
export { PASSAGE_DISTANCE_KM } from './sea/passages';
export { CHOKEPOINTS, DEFAULT_ROUTE_MODE, ROUTE_MODES, TRANSPORTS } from './route-plan';
export type {
  AvoidedRoute,
  Chokepoint,
  ChokepointPassage,
  LegRouting,
  LngLat,
  RouteLeg,
  RouteMode,
  RoutePlan,
  RouteWaypoint,
  Transport,
} from './route-plan';
export { RouteBudgetErrors, RoutingError } from './routing.errors';
export type { RouteBudgetErrorCode, RouteFailureCode, RoutingErrorCode } from './routing.errors';
export { routePlanToFeatureCollection } from './route-geojson';
export type { RouteFeatureCollection, RouteLegFeature } from './route-geojson';
export { resolvePlace, suggestPlaces, searchPlaces, preloadGazetteer } from './gazetteer';
export { PlaceSuggestionBudget, SUGGESTED_PLACES_PER_REQUEST } from './place-suggestion-budget';
export type { FoundPlace, ResolvedPlace } from './gazetteer';
export { resolveCountry, suggestCountries, preloadCountries } from './countries';
export type { Country } from './countries';
export type { RoadProfileId, RoadRouter, RoadRoute } from './road/road-router';
export { createRoadRouter } from './road/create-road-router';
export { NO_ROAD_ROUTER_MESSAGE } from './road/no-road-router';
