#!/usr/bin/env bash
# What the compiler names when a render mode and a camera field are added (docs/architecture.md, "How to add…").
#
# In a scratch copy of the working tree (tracked files as they are now, node_modules linked), it adds a mode
# `heat_trail` to RENDER_MODES and a field `roll` to the camera schema, type-checks the server, the compositions and the
# dashboard there, prints every error, and fails unless each place the "How to add…" steps name is among them. Nothing
# of the repository itself changes. About a minute on 2 cores:
#
#   bash scripts/try-adding-a-mode-and-a-camera-field.sh
#
# The dashboard's mode sections follow the SDK's RenderMode, which changes only once `npm run openapi` and
# `npm run generate:sdk` ran with the mode (docs/architecture.md, step 5); this script does not regenerate them.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-runtime.sh >/dev/null

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
git ls-files -z --cached --others --exclude-standard | rsync -a --from0 --files-from=- ./ "$scratch/"
ln -s "$PWD/node_modules" "$scratch/node_modules"
mkdir -p "$scratch/packages/sdk" && ln -sfn "$PWD/packages/sdk/dist" "$scratch/packages/sdk/dist"
cd "$scratch"

# The two additions, as a person would start them: a mode's name, a camera field's schema entry.
sed -i "s/^export const RENDER_MODES = \['route_animation', /export const RENDER_MODES = ['route_animation', 'heat_trail', /" \
  src/modules/contract/render-modes.ts
sed -i "s/^  chokepoint_punch_in: z$/  roll: z.number().min(-30).max(30).optional().meta({ example: 5, description: 'Camera roll in degrees.' }),\n  chokepoint_punch_in: z/" \
  src/modules/contract/camera-schema.ts
grep -q "'heat_trail'" src/modules/contract/render-modes.ts && grep -q '^  roll: z' src/modules/contract/camera-schema.ts ||
  { echo "The scratch edits no longer apply: update this script with the registries." >&2; exit 1; }

errors=$(mktemp)
for project in tsconfig.json remotion/tsconfig.json dashboard/tsconfig.json; do
  npx tsc -p "$project" --noEmit --pretty false >>"$errors" 2>&1 || true
done
echo "Type errors after adding the mode heat_trail and the camera field roll:"
sed -E 's/^/  /' "$errors"

# Each place the compiler must name: the file, and the name it must mention there.
expected=(
  "src/modules/contract/modes/index.ts heat_trail"
  "src/modules/rendering/dto/render-modes.dto.ts heat_trail"
  "remotion/modes/index.ts heat_trail"
  "src/modules/contract/composition-props.ts roll"
  "dashboard/src/form/render-form.ts roll"
)
missing=0
for place in "${expected[@]}"; do
  read -r file name <<<"$place"
  # An error's message goes on over the lines indented under it: each error is read as one line.
  if awk '/^[^ ]/ { if (entry) print entry; entry = $0; next } { entry = entry " " $0 } END { if (entry) print entry }' "$errors" |
    grep -F "$file(" | grep -q "$name"; then
    echo "named: $file ($name)"
  else
    echo "NOT NAMED: $file ($name)" >&2
    missing=1
  fi
done
exit "$missing"
