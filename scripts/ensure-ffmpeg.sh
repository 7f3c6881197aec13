#!/usr/bin/env bash
# Makes sure Debian's ffmpeg (with ffprobe, libx264 and AAC) is installed for the transcoder
# (transcoder/), its integration test and the transcode bench, with the font the still card of a
# source of sound alone is drawn in (fonts-dejavu-core: ffmpeg's package depends on one of several
# fonts, not on this one). Exits 0 when they are there.
set -euo pipefail

FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
if command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1 && [ -f "$FONT" ]; then
  exit 0
fi

echo "ffmpeg or its card font is missing: installing Debian's ffmpeg and fonts-dejavu-core packages"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo"; else
    echo "Not root and no password-less sudo: install them yourself (apt-get install -y ffmpeg fonts-dejavu-core)" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends ffmpeg fonts-dejavu-core
ffmpeg -version | head -1
