#!/usr/bin/env bash
# Makes the demo media of Rovers TV (kept in git, so nobody needs ffmpeg to run or test the site):
#   public/media/vod/{clip}/   a few short clips: H.264/AAC, 360p and 720p renditions as fMP4 HLS,
#                              a master playlist listing both and a WebVTT captions track, a poster frame
#   public/media/audio/loop/   a 60 s low-bitrate AAC loop (fMP4 HLS) for the live audio player
# Everything under public/media/ is served only by the worker's /media/* routes after a playback
# token check (wrangler.toml: run_worker_first = ["/media/*"]), never by static assets directly.
#
# Needs Debian's ffmpeg (libx264, aac, drawtext) and the DejaVu fonts; installs nothing itself.
# Usage: scripts/make-media.sh   (rewrites public/media/; total size must stay under 4 MB)
set -euo pipefail

if ! command -v ffmpeg >/dev/null 2>&1; then
  echo "ffmpeg is missing: install Debian's package with 'apt-get install ffmpeg' and run this again" >&2
  exit 1
fi
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
if [ ! -f "$FONT" ]; then
  echo "$FONT is missing: 'apt-get install fonts-dejavu-core' and run this again" >&2
  exit 1
fi

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/public/media"
SECONDS_PER_CLIP=6
FPS=25
# A keyframe every 2 s, so every 2 s segment starts with one (hls_time 2).
GOP=$((FPS * 2))
# Byte-identical output on every run: no encoder or muxer version strings, no timestamps.
EXACT=(-fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1)

rm -rf "$OUT"
mkdir -p "$OUT/vod" "$OUT/audio"

# name | inner picture (lavfi source) | tone (Hz) | caption lines
CLIPS=(
  "clip-1|testsrc2=size=960x540:rate=$FPS|440|Rovers TV|Kick-off at Hallow Lane"
  "clip-2|mandelbrot=size=960x540:rate=$FPS|523|Rovers TV|Inside training with the first team"
  "clip-3|life=size=960x540:rate=$FPS:seed=2024:mold=10:ratio=0.3:death_color=#0b1f3a:life_color=#f2b632|659|Rovers TV|Full match replay"
)

# rendition | height | video kbit/s | H.264 level (CODECS attribute below must agree)
RENDITIONS=(
  "360p|360|280|30"
  "720p|720|650|31"
)

codec_of() { # avc1 codec string for Main profile at a level (e.g. 31 -> avc1.4d401f)
  printf 'avc1.4d40%02x' "$1"
}

make_clip() {
  local name="$1" source="$2" tone="$3" title="$4" line="$5"
  local dir="$OUT/vod/$name"
  mkdir -p "$dir"
  # Club look: navy field, red and gold bands, the generated picture framed in the middle,
  # the service name, a title and a running clock.
  local picture="[1:v]format=yuv420p,scale=960:540[inner];[0:v][inner]overlay=160:90,
drawbox=x=0:y=0:w=1280:h=64:color=0xd2122e:t=fill,drawbox=x=0:y=656:w=1280:h=64:color=0xf2b632:t=fill,
drawtext=fontfile=$FONT:text='$title':fontcolor=white:fontsize=40:x=32:y=12,
drawtext=fontfile=$FONT:text='$line':fontcolor=0x0b1f3a:fontsize=34:x=32:y=670,
drawtext=fontfile=$FONT:text='%{pts\:hms}':fontcolor=white:fontsize=34:x=w-tw-32:y=14[v]"
  for rendition in "${RENDITIONS[@]}"; do
    IFS='|' read -r rname height kbps level <<<"$rendition"
    mkdir -p "$dir/$rname"
    ffmpeg -hide_banner -loglevel error -y \
      -f lavfi -i "color=c=0x0b1f3a:size=1280x720:rate=$FPS:duration=$SECONDS_PER_CLIP" \
      -f lavfi -i "$source" \
      -f lavfi -i "sine=frequency=$tone:sample_rate=44100:duration=$SECONDS_PER_CLIP" \
      -filter_complex "$picture;[v]scale=-2:$height[out]" \
      -map "[out]" -map 2:a -t "$SECONDS_PER_CLIP" \
      -c:v libx264 -profile:v main -level "${level:0:1}.${level:1:1}" -preset veryfast -pix_fmt yuv420p \
      -b:v "${kbps}k" -maxrate "${kbps}k" -bufsize "$((kbps * 2))k" \
      -g "$GOP" -keyint_min "$GOP" -sc_threshold 0 -threads 1 \
      -c:a aac -b:a 48k -ac 1 \
      "${EXACT[@]}" \
      -f hls -hls_segment_type fmp4 -hls_playlist_type vod -hls_time 2 \
      -hls_fmp4_init_filename init.mp4 -hls_segment_filename "$dir/$rname/seg%d.m4s" \
      "$dir/$rname/index.m3u8"
  done
  # A poster frame from the middle of the clip (the keyframe at 2 s).
  # (ffmpeg's HLS reader refuses .m4s names, so the init segment and the second segment are joined.)
  local joined
  joined="$(mktemp --suffix=.mp4)"
  cat "$dir/720p/init.mp4" "$dir/720p/seg1.m4s" >"$joined"
  ffmpeg -hide_banner -loglevel error -y -i "$joined" -frames:v 1 -vf scale=640:-2 -q:v 6 \
    "${EXACT[@]}" "$dir/poster.jpg"
  rm -f "$joined"
  # Captions: one WebVTT file, its playlist, both listed in the master playlist.
  cat >"$dir/captions.vtt" <<VTT
WEBVTT

00:00:00.000 --> 00:00:02.000
$title

00:00:02.000 --> 00:00:04.000
$line

00:00:04.000 --> 00:00:06.000
Northbridge Rovers FC
VTT
  cat >"$dir/captions.m3u8" <<M3U8
#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:$SECONDS_PER_CLIP
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:VOD
#EXTINF:$SECONDS_PER_CLIP.000,
captions.vtt
#EXT-X-ENDLIST
M3U8
  {
    echo "#EXTM3U"
    echo "#EXT-X-VERSION:7"
    echo "#EXT-X-INDEPENDENT-SEGMENTS"
    echo '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,URI="captions.m3u8"'
    for rendition in "${RENDITIONS[@]}"; do
      IFS='|' read -r rname height kbps level <<<"$rendition"
      # Peak bandwidth from the real segment sizes, so players pick renditions on true figures.
      local bytes
      bytes=$(cat "$dir/$rname"/seg*.m4s | wc -c)
      local bandwidth=$(((bytes * 8 / SECONDS_PER_CLIP) * 5 / 4))
      local width=$(((height * 16 / 9 + 1) / 2 * 2))
      echo "#EXT-X-STREAM-INF:BANDWIDTH=$bandwidth,RESOLUTION=${width}x$height,FRAME-RATE=$FPS.000,CODECS=\"$(codec_of "$level"),mp4a.40.2\",SUBTITLES=\"subs\""
      echo "$rname/index.m3u8"
    done
  } >"$dir/master.m3u8"
}

for clip in "${CLIPS[@]}"; do
  IFS='|' read -r name source tone title line <<<"$clip"
  echo "clip $name"
  make_clip "$name" "$source" "$tone" "$title" "$line"
done

# Live audio loop (spec §9 'audio loop 60 s'): a low crowd-like murmur under a slow two-tone chime,
# mono AAC at 32 kbit/s in 6 s fMP4 segments the live playlist can cycle through.
echo "audio loop"
mkdir -p "$OUT/audio/loop"
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "anoisesrc=color=pink:amplitude=0.08:seed=7:sample_rate=44100:duration=60" \
  -f lavfi -i "sine=frequency=392:sample_rate=44100:duration=60" \
  -filter_complex "[1:a]volume='0.15*(0.5+0.5*sin(2*PI*t/6))':eval=frame[tone];[0:a][tone]amix=inputs=2:normalize=0[a]" \
  -map "[a]" -t 59.95 -c:a aac -b:a 32k -ac 1 \
  "${EXACT[@]}" \
  -f hls -hls_segment_type fmp4 -hls_playlist_type vod -hls_time 6 \
  -hls_fmp4_init_filename init.mp4 -hls_segment_filename "$OUT/audio/loop/seg%d.m4s" \
  "$OUT/audio/loop/index.m3u8"

total=$(du -sb "$OUT" | cut -f1)
echo "public/media: $total bytes"
if [ "$total" -ge $((4 * 1024 * 1024)) ]; then
  echo "over the 4 MB budget: lower the bitrates or shorten the clips" >&2
  exit 1
fi
