import { Test } from '@nestjs/testing';
import { AppConfig, ConfigModule } from '../../config';
import { FileRoadRouter } from './road/file-road-router';
import { NoRoadRouter } from './road/no-road-router';
import { OsrmRoadRouter } from './road/osrm-road-router';
import { ROAD_ROUTER } from './road-router.provider';
import { RoutePlanner } from './route-planner.service';
import { RoutingModule } from './routing.module';

async function roadRouterFor(rendering: { roadRouterUrl?: string; roadNetworkFile?: string }) {
  const config = { rendering } as unknown as AppConfig;
  const moduleRef = await Test.createTestingModule({ imports: [ConfigModule.forRoot(config), RoutingModule] }).compile();
  expect(moduleRef.get(RoutePlanner)).toBeInstanceOf(RoutePlanner);
  return moduleRef.get(ROAD_ROUTER);
}

describe('RoutingModule', () => {
  it('builds the road router the configuration asks for and gives it to the planner', async () => {
    expect(await roadRouterFor({ roadRouterUrl: 'http://router:5000', roadNetworkFile: '/roads.osm' })).toBeInstanceOf(OsrmRoadRouter);
    expect(await roadRouterFor({ roadNetworkFile: '/roads.osm' })).toBeInstanceOf(FileRoadRouter);
    expect(await roadRouterFor({})).toBeInstanceOf(NoRoadRouter);
  });
});
