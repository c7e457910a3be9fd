#!/usr/bin/env bash
# `npm run new-domain` must write a domain that passes as the rest of the code does: in a scratch
# copy of this checkout it writes one (`sample`), then runs Biome, the type checks and the new
# domain's tests, and holds the generator to one line in each package's registry outside the
# new folders. .ci/run runs it, so the generator cannot drift from the code.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/outpost-new-domain-XXXXXX")
# KEEP_SCRATCH=1 keeps the copy, to look into a failure.
[[ -n ${KEEP_SCRATCH:-} ]] || trap 'rm -rf "$scratch"' EXIT

# The checkout as it is (committed or not, ignored files left out), and its installed packages as
# hard links (the workspaces' links inside are relative, so they point into the copy).
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [[ -e $file ]] && printf '%s\0' "$file"
done | xargs -0 cp --parents -t "$scratch"
find . -name node_modules -prune -not -path './node_modules/*' | while IFS= read -r modules; do
  mkdir -p "$scratch/$(dirname "$modules")"
  cp -al "$modules" "$scratch/$modules"
done
# Vitest's results cache as a file of the copy's own: a hard link would have the copy's runs and the
# checkout's (.ci/run runs them side by side) write one file while the other reads it.
rm -rf "$scratch/node_modules/.vite"
git -C "$scratch" init -q
git -C "$scratch" add -A
git -C "$scratch" -c user.name=ci -c user.email=ci@localhost commit -qm before

cd "$scratch"
npm run --silent new-domain -- sample
# Outside the new folders: three files, one line added to each and nothing else.
changed=$(git diff --numstat)
echo "$changed"
expected=$'1\t0\tapps/server/src/domains.ts\n1\t0\tapps/web/src/app/domain-screens.ts\n1\t0\tpackages/contracts/src/domain-contracts.ts'
if [[ $(sort <<<"$changed") != "$(sort <<<"$expected")" ]]; then
  echo "new-domain changed more than one line in each package's registry (see above)." >&2
  exit 1
fi
new=(apps/server/src/sample packages/contracts/src/sample apps/web/src/features/sample)
npx biome check "${new[@]}" apps/server/src/domains.ts apps/web/src/app/domain-screens.ts packages/contracts/src/domain-contracts.ts
npm run typecheck
# Its own tests, and those that walk every route, topic, table and admin-log action with it among them.
node_modules/.bin/vitest run --project server apps/server/src/sample apps/server/src/access-matrix.test.ts \
  apps/server/src/changes-coverage.test.ts apps/server/src/backoffice/admin-log-catalogue.test.ts \
  apps/server/src/platform/http/api-docs.test.ts
# Its screens, built, in Chromium.
npm run build -w apps/web
node_modules/.bin/vitest run --project browser apps/web/src/features/sample
echo "new-domain: the sample domain passes lint, type checks and its tests."
