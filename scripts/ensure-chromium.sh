#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium (never a downloaded browser). Install it when missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' and try again." >&2
  exit 1
fi
echo "Installing Debian's chromium for the end-to-end tests..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
