#!/usr/bin/env bash
# Makes sure Debian's ffmpeg (with ffprobe, libx264 and AAC) is installed for the transcoder
# (transcoder/), its integration test and the transcode bench. Exits 0 when it is there.
set -euo pipefail

if command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1; then
  exit 0
fi

echo "ffmpeg is missing: installing Debian's ffmpeg package"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo"; else
    echo "Not root and no password-less sudo: install ffmpeg yourself (apt-get install -y ffmpeg)" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends ffmpeg
ffmpeg -version | head -1
