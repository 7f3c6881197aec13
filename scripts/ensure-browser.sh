#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the e2e suite (playwright-core does not
# download browsers here: only Debian's packages and npm are reachable).
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

echo "Chromium is missing: installing Debian's chromium package"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "Not root and no sudo: install chromium yourself (apt-get install -y chromium)" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium fonts-liberation
/usr/bin/chromium --version
