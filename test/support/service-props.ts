import { createValidationPipe } from '../../src/common/http/validation';
import { TIERS } from '../../src/modules/billing';
import { CreateRenderDto, parseRenderBody } from '../../src/modules/rendering';
import { buildCompositionProps, type MapAnimationProps, routeInputOf } from '../../src/modules/contract';
import { createRoadRouter, planRoute, type RoadRouter, type RoutePlan } from '../../src/modules/routing';

/**
 * A `POST /v1/render` body as the service makes it into a job on the Studio tier: validation, normalisation (places
 * from the gazetteer, defaults), routing (great circles, the offline sea network, and roads through `roadRouter`: none
 * by default) and the mapping to props. A refused body throws with its issues.
 */
export async function routeRenderBody(
  body: object,
  roadRouter: RoadRouter = createRoadRouter({}),
): Promise<{ plan: RoutePlan; props: MapAnimationProps }> {
  const dto = (await createValidationPipe().transform(body, { type: 'body', metatype: CreateRenderDto })) as CreateRenderDto;
  const studio = TIERS.studio.limits;
  const { request, issues } = parseRenderBody(dto, {
    tier: { tier: 'studio', maxDurationSeconds: studio.max_duration_seconds },
    sandbox: false,
  });
  if (issues.length) throw new Error(`refused: ${JSON.stringify(issues)}`);
  const plan = await planRoute(routeInputOf(request), { roadRouter });
  return { plan, props: buildCompositionProps(request, plan, { sandbox: false }) };
}

/** The composition's props for a `POST /v1/render` body, made as the service makes them (routeRenderBody, no road router). */
export async function propsOfRenderBody(body: object): Promise<MapAnimationProps> {
  return (await routeRenderBody(body)).props;
}
