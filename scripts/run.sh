#!/usr/bin/env bash
# The main job: installs what building and rendering need (setup.sh build), then renders
# Examples/ into Output/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
swift run waterfall "$@"
