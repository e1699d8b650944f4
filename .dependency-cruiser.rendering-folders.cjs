/**
 * The folders inside src/modules/rendering/ import each other in one direction only (docs/architecture.md, "Who may
 * call whom"), checked by `npm run lint:deps` after the main rules (.dependency-cruiser.cjs).
 *
 * A rule of its own, cruising rendering/ alone: dependency-cruiser finds cycles between folders on the folder graph of
 * everything it cruised, and a folder rule takes no `via`. Cruised with the rest of the repository, a path out of
 * rendering and back (rendering → auth → src → its specs → test/support → rendering) would count as a cycle between
 * two of rendering's folders. Here nothing outside rendering/ is followed and the specs in its folders are left out,
 * so only the service's own imports between rendering's folders make a cycle. Import cycles between files anywhere
 * stay the main config's `no-circular`. One blind spot: an import into another folder's sub-folder (batches/dto/) is an
 * arrow to that sub-folder, not to the folder around it, so it makes a cycle only if the sub-folder itself imports back.
 */
/** The three files rendering's root keeps: the module's door, its wiring and its test seam. */
const ROOT_FILES = '^src/modules/rendering/(index|rendering\\.module|testing)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'rendering-folders-form-no-cycle',
      comment:
        'Inside src/modules/rendering/ a folder never imports, directly or through others, a folder that imports it ' +
        '(errors/ is below everything, jobs/ below intake/ and batches/, intake/ below batches/, batches/ below job-events/ ' +
        'and worker/). Two folders that need each other share something that belongs in a folder below both.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/modules/rendering/' },
      to: { path: '^src/modules/rendering/', circular: true },
    },
  ],
  required: [
    {
      name: 'rendering-root-holds-door-wiring-and-seam',
      comment:
        "rendering's root holds index.ts (the door), rendering.module.ts (the wiring) and testing.ts (the test seam), nothing " +
        "else. The root is the folder around all of rendering's folders, so the rule above counts no arrow between a file " +
        'there and a folder and finds no cycle through it: every other file belongs in a folder. Written as a requirement ' +
        'no file meets (to import a file whose path is empty), so each other file at the root is reported, whatever it ' +
        'imports.',
      severity: 'error',
      module: { path: '^src/modules/rendering/[^/]+$', pathNot: ROOT_FILES },
      to: { path: '^$' },
    },
  ],
  options: {
    doNotFollow: { path: '^(?!src/modules/rendering/)' },
    // A spec at the root is cruised, for the root rule to see; it adds no arrow between two folders.
    exclude: { path: '^src/modules/rendering/[^/]+/.*\\.spec\\.tsx?$' },
    tsPreCompilationDeps: true,
  },
};
