/**
 * For tests only: what the e2e tests in test/ arrange and observe inside routing (the routing thread, to hold its
 * routes as a long computation would and see one begin). Production code never imports this file
 * (.dependency-cruiser.cjs: testing-seams-are-for-tests); it imports ./index.ts.
 */
export { RoutingThread } from './routing-thread';
