#!/usr/bin/env bash
# The main job: installs what rendering needs, then renders Examples/ into Output/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift run waterfall "$@"
