import { Inject, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { ROAD_ROUTER, roadRouterProvider } from './road-router.provider';
import type { RoadRouter } from './road/road-router';
import { RoutePlanner } from './route-planner.service';
import { RoutingThread } from './routing-thread';

/**
 * Routing for the worker and the preview: the route planner, the road router it is given (built from configuration),
 * and the routing thread (ADR 0036). A process that serves the API (`api`, `all`) plans sea and road legs on the
 * thread, which holds the sea lanes' graph and reads the road network file itself, as it starts; a worker process
 * (`worker`) plans them inline and reads the road network file as it starts. A country's extract takes seconds to a
 * minute (logged as "Road network loaded"); a file that cannot be read is logged and tried again by the next road leg,
 * which fails ROAD_ROUTE_ERROR meanwhile.
 */
@Module({
  providers: [
    roadRouterProvider,
    {
      provide: RoutingThread,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new RoutingThread({ routerUrl: config.rendering.roadRouterUrl, networkFile: config.rendering.roadNetworkFile }),
    },
    {
      provide: RoutePlanner,
      inject: [ROAD_ROUTER, RoutingThread, APP_CONFIG],
      useFactory: (roadRouter: RoadRouter, thread: RoutingThread, config: AppConfig) =>
        config.role === 'worker'
          ? new RoutePlanner(roadRouter)
          : new RoutePlanner(roadRouter, { thread, previewBudgetMs: config.rendering.previewRoutingBudgetMs }),
    },
  ],
  exports: [RoutePlanner],
})
export class RoutingModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(ROAD_ROUTER) private readonly roadRouter: RoadRouter,
    private readonly thread: RoutingThread,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // Once the app is up. The road network file is read on a thread of its own (seconds to a minute for a country's
    // extract), the sea lanes' graph built on the routing thread, so this process answers its probes and renews its
    // queue locks meanwhile. Test apps start the routing thread with their first sea or road route: most never route
    // so, and each thread compiles the routing code anew under ts-node.
    if (this.config.role === 'worker') void this.roadRouter.preload?.().catch(() => undefined);
    else if (this.config.env !== 'test') this.thread.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.thread.stop();
  }
}
