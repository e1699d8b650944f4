/**
 * The folders inside dashboard/src/ import each other in one direction only (docs/architecture.md, "Who may call
 * whom"), checked by `npm run lint:deps` after the main rules (.dependency-cruiser.cjs).
 *
 * A rule of its own, like .dependency-cruiser.rendering-folders.cjs: dependency-cruiser finds cycles between folders
 * on the folder graph of everything it cruised, so here it cruises dashboard/src/ alone, follows nothing outside it
 * and leaves specs out. Only the app's own imports between its folders make a cycle. Import cycles between files stay
 * the main config's `no-circular`.
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
