/**
 * The folders inside remotion/ import each other in one direction only (docs/architecture.md, "Who may call whom"),
 * checked by `npm run lint:deps` after the main rules (.dependency-cruiser.cjs).
 *
 * A rule of its own, like .dependency-cruiser.rendering-folders.cjs: dependency-cruiser finds cycles between folders
 * on the folder graph of everything it cruised, so here it cruises remotion/ alone, follows nothing outside it and
 * leaves specs out. Specs matter here: a camera spec builds its scenes through modes/ (lib/camera/camera-story.spec.ts),
 * a test's view from above that would read as lib/camera/ importing modes/. Only the compositions' own imports between
 * their folders make a cycle. Import cycles between files stay the main config's `no-circular`.
 */
module.exports = {
  forbidden: [
    {
      name: 'remotion-folders-form-no-cycle',
      comment:
        'Inside remotion/ a folder never imports, directly or through others, a folder that imports it. In lib/, time/ ' +
        'is at the bottom, geo/ and layout/ above it, then camera/, map/, globe/, scene/ and drawing/; modes/, ' +
        'components/, compositions/ and in-page/ are above lib/. Two folders that need each other share something ' +
        'that belongs in a folder below both.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^remotion/' },
      to: { path: '^remotion/', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: '^(?!remotion/)' },
    exclude: { path: '\\.spec\\.tsx?$' },
    tsPreCompilationDeps: true,
  },
};
