/**
 * NASA's Earth images, resolved by the bundler to files in the bundle (an alias set in
 * src/modules/rendering/renderer/remotion-bundle.ts points `@nasa-imagery/` at the `three-globe`
 * package's images): importing one gives its URL.
 */
declare module '@nasa-imagery/*' {
  const url: string;
  export default url;
}
