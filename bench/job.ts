/**
 * The one job both render benches time: bench/render.ts renders its props with the renderer alone, bench/render-job.ts
 * posts it to the real service. The props come from the service itself (POST /v1/render/preview answers exactly the
 * props a worker would render: the same routing and buildCompositionProps), so the two benches cannot drift apart.
 */
import type { MapAnimationProps } from '../src/modules/contract';
import { call, createBenchAccount, startService } from './support';

/** A 12 s 1080p30 job: Lisbon → New York by sea → Rotterdam, with the distance HUD. */
export const BENCH_JOB_BODY = {
  waypoints: [
    { lat: 38.72, lng: -9.14, label: 'Lisbon' },
    { lat: 40.71, lng: -74.0, label: 'New York', transport: 'ship' },
    { lat: 51.92, lng: 4.48, label: 'Rotterdam' },
  ],
  duration: 12,
  resolution: '1080p',
  fps: 30,
  hud: { distance: true },
};

/**
 * The composition props the service's worker renders for each body (a live key, so no sandbox cap or watermark): asked
 * of the built service in the API role on `port`, which is stopped again.
 */
export async function serviceProps(bodies: Array<Record<string, unknown>>, port: number): Promise<MapAnimationProps[]> {
  const service = await startService('api', port);
  try {
    const { key } = await createBenchAccount(service, 'live');
    const props: MapAnimationProps[] = [];
    for (const body of bodies)
      props.push(((await call(service, 'POST', '/v1/render/preview', body, key)) as { props: MapAnimationProps }).props);
    return props;
  } finally {
    await service.stop();
  }
}
