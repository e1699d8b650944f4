/**
 * The folders inside src/modules/rendering/ import each other in one direction only (docs/architecture.md, "Who may
 * call whom"), checked by `npm run lint:deps` after the main rules (.dependency-cruiser.cjs).
 *
 * A rule of its own, cruising rendering/ alone: dependency-cruiser finds cycles between folders on the folder graph of
 * everything it cruised, and a folder rule takes no `via`. Cruised with the rest of the repository, a path out of
 * rendering and back (rendering → auth → src → its specs → test/support → rendering) would count as a cycle between
 * two of rendering's folders. Here nothing outside rendering/ is followed and specs are left out, so only the
 * service's own imports between rendering's folders make a cycle. Import cycles between files anywhere stay the main
 * config's `no-circular`.
 */
module.exports = {
  forbidden: [
    {
      name: 'rendering-folders-form-no-cycle',
      comment:
        'Inside src/modules/rendering/ a folder never imports, directly or through others, a folder that imports it ' +
        '(jobs/ is below batches/, both are below job-events/ and worker/). Two folders that need each other share ' +
        'something that belongs in a folder below both.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/modules/rendering/' },
      to: { path: '^src/modules/rendering/', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: '^(?!src/modules/rendering/)' },
    exclude: { path: '\\.spec\\.tsx?$' },
    tsPreCompilationDeps: true,
  },
};
