/**
 * The folders inside dashboard/src/ import each other in one direction only (docs/architecture.md, "Who may call
 * whom"), checked by `npm run lint:deps` after the main rules (.dependency-cruiser.cjs).
 *
 * A rule of its own, cruising dashboard/src/ alone, for the reason .dependency-cruiser.rendering-folders.cjs gives: a
 * folder rule sees cycles on the folder graph of everything cruised and takes no `via`, so a path out of the
 * dashboard and back would count. Here nothing outside dashboard/src/ is followed and specs are left out, so only the
 * app's own imports between its folders make a cycle. Import cycles between files stay the main config's
 * `no-circular`.
 */
module.exports = {
  forbidden: [
    {
      name: 'dashboard-folders-form-no-cycle',
      comment:
        'Inside dashboard/src/ a folder never imports, directly or through others, a folder that imports it ' +
        '(api/ is below components/, both are below form/, form/ is below modes/, and compose/ and pages/ are on top). ' +
        'Two folders that need each other share something that belongs in a folder below both.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^dashboard/src/' },
      to: { path: '^dashboard/src/', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: '^(?!dashboard/src/)' },
    exclude: { path: '\\.spec\\.tsx?$' },
    tsPreCompilationDeps: true,
  },
};
