#!/usr/bin/env bash
# Regenerates the landing page's two videos and their posters (apps/web/public/media/) from
# procedural sources only: SVG layers rasterised by ffmpeg's librsvg decoder, geq maths and
# drawtext. Nothing is downloaded, so the output is reproducible offline.
# Needs Debian's ffmpeg (libvpx, libx264, librsvg, fontconfig): apt-get install -y ffmpeg
set -euo pipefail

command -v ffmpeg >/dev/null || { echo "ffmpeg is missing: apt-get install -y ffmpeg" >&2; exit 1; }

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$root/apps/web/public/media
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
# The site caps each file at 400 KB; a bigger one means the encoder settings drifted.
check_size() {
  local bytes
  bytes=$(stat -c %s "$1")
  printf '%-28s %6d bytes\n' "$(basename "$1")" "$bytes"
  if ((bytes > 400 * 1024)); then echo "$1 is over 400 KB" >&2; exit 1; fi
}

# Two-pass VP9 hits a byte budget far more reliably than constant quality.
encode_webm() { # input output bitrate
  ff -i "$1" -c:v libvpx-vp9 -b:v "$3" -pass 1 -passlogfile "$work/vp9" -row-mt 1 -deadline good -cpu-used 4 \
    -pix_fmt yuv420p -an -f null /dev/null
  ff -i "$1" -c:v libvpx-vp9 -b:v "$3" -pass 2 -passlogfile "$work/vp9" -row-mt 1 -deadline good -cpu-used 1 \
    -auto-alt-ref 1 -lag-in-frames 25 -pix_fmt yuv420p -an "$2"
}

# H.264 Main profile for older iOS and Android decoders; faststart so playback begins before the end arrives.
encode_mp4() { # input output crf maxrate
  ff -i "$1" -c:v libx264 -preset veryslow -profile:v main -crf "$3" -maxrate "$4" -bufsize "$4" \
    -pix_fmt yuv420p -movflags +faststart -an "$2"
}

FPS=24
# drawtext wants font files; fontconfig finds the nearest installed match for each.
MONO=$(fc-match -f '%{file}' 'Liberation Mono')
MONO_BOLD=$(fc-match -f '%{file}' 'Liberation Mono:bold')
W=640
H=360

# ---------------------------------------------------------------- teaser (6 s, plays once)
cat >"$work/sky.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
  <defs>
    <linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1a120d"/><stop offset=".45" stop-color="#5a2a12"/>
      <stop offset=".75" stop-color="#c4561b"/><stop offset="1" stop-color="#f09a4e"/>
    </linearGradient>
    <radialGradient id="g" cx="420" cy="270" r="190" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#ffd29a" stop-opacity=".9"/><stop offset=".18" stop-color="#f6a35a" stop-opacity=".55"/>
      <stop offset="1" stop-color="#c4561b" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="640" height="360" fill="url(#s)"/>
  <rect width="640" height="360" fill="url(#g)"/>
  <circle cx="420" cy="268" r="34" fill="#ffe3bd" opacity=".85"/>
  <path d="M0 96c80-14 150 8 230-4s170-30 250-12 120 10 160 4" fill="none" stroke="#7a3512" stroke-width="10" opacity=".35"/>
  <path d="M0 150c110-20 220 10 320-6s200-18 320 4" fill="none" stroke="#7a3512" stroke-width="6" opacity=".3"/>
</svg>
SVG

# Far ruins: broken towers and a leaning mast, wider than the frame so it can pan.
cat >"$work/far.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="800" height="170" viewBox="0 0 800 170">
  <path fill="#4a2414" d="M0 170V96h30V70h22v30h16V52l14-8v126zM96 170V84h40v18h18V40h12v-14h4v14h10v130zM200 170v-58l26-10 20 14v-24h30v78zM290 170V62h18V48h34v22h10v100zM370 170v-40h50V90h14l10-22 6 22h20v80zM480 170V74l24-14 20 10v100zM536 170v-62h26V36h6v72h30v62zM612 170V92h44v-12h30v90zM700 170V58h20l8-22 6 22h14v28h22v84zM780 170v-70h20v70z"/>
  <path stroke="#4a2414" stroke-width="3" d="M560 36l-30-30M560 36l34-26M163 26V2"/>
</svg>
SVG

# Near ground: stacked shipping containers, an antenna mast and two survivors.
cat >"$work/near.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="900" height="150" viewBox="0 0 900 150">
  <path fill="#120d09" d="M0 150V112c60-8 120 4 190-2s150-14 230-6 140 6 220-2 180 0 260 4v44z"/>
  <g fill="#17110c">
    <rect x="80" y="70" width="150" height="46"/><rect x="120" y="26" width="150" height="46"/>
    <rect x="520" y="62" width="170" height="50"/><rect x="560" y="14" width="120" height="50"/>
  </g>
  <g stroke="#2b2017" stroke-width="3">
    <path d="M92 74v38M104 74v38M116 74v38M128 74v38M140 74v38M152 74v38M164 74v38M176 74v38M188 74v38M200 74v38M212 74v38"/>
    <path d="M134 30v38M146 30v38M158 30v38M170 30v38M182 30v38M194 30v38M206 30v38M218 30v38M230 30v38M242 30v38M254 30v38"/>
    <path d="M532 66v42M546 66v42M560 66v42M574 66v42M588 66v42M602 66v42M616 66v42M630 66v42M644 66v42M658 66v42M672 66v42"/>
  </g>
  <rect x="590" y="28" width="26" height="16" fill="#f09a4e" opacity=".8"/>
  <rect x="150" y="84" width="20" height="14" fill="#f09a4e" opacity=".6"/>
  <g fill="none" stroke="#120d09" stroke-width="3">
    <path d="M380 112L400 0l20 112M386 80h28M392 46h16M400 0v-10"/>
    <path d="M386 80l22-34M414 80l-22-34"/>
  </g>
  <path fill="#120d09" d="M318 112v-22l4-12h8l4 12v22h-4v-18h-8v18zM322 74a4 4 0 1 1 8 0a4 4 0 1 1-8 0zM344 112v-20l3-11h7l3 11v20h-3v-16h-7v16zM347 77a3.5 3.5 0 1 1 7 0a3.5 3.5 0 1 1-7 0z"/>
</svg>
SVG

# Stencil title: the mask cuts the bridges a spray-paint stencil would leave.
cat >"$work/title.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="640" height="200" viewBox="0 0 640 200">
  <defs>
    <mask id="m"><rect width="640" height="200" fill="#fff"/>
      <rect y="97" width="640" height="7" fill="#000"/>
      <path d="M160 40v50M262 40v50M384 110v50M486 40v50" stroke="#000" stroke-width="6"/>
    </mask>
  </defs>
  <g mask="url(#m)" font-family="Liberation Sans Narrow" font-weight="bold" text-anchor="middle">
    <text x="320" y="150" font-size="128" letter-spacing="6" fill="#f1e6d2" stroke="#14110d" stroke-width="3">OUTPOST</text>
  </g>
</svg>
SVG

# Scanlines of an old monitor, as a transparent overlay.
cat >"$work/scan.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
  <defs><pattern id="p" width="4" height="3" patternUnits="userSpaceOnUse"><rect width="4" height="1" fill="#000" opacity=".32"/></pattern></defs>
  <rect width="640" height="360" fill="url(#p)"/>
</svg>
SVG

# A sparse field of dust motes, drawn once at half size so scaling softens each into a blur.
ff -f lavfi -i "nullsrc=s=320x180,format=gray,geq=lum='if(gt(random(1),0.9965),255,0)'" -frames:v 1 "$work/dust.png"

TEASER_SECONDS=6
ff -framerate $FPS -loop 1 -t $TEASER_SECONDS -i "$work/sky.svg" \
  -framerate $FPS -loop 1 -t $TEASER_SECONDS -i "$work/far.svg" \
  -framerate $FPS -loop 1 -t $TEASER_SECONDS -i "$work/near.svg" \
  -framerate $FPS -loop 1 -t $TEASER_SECONDS -i "$work/title.svg" \
  -framerate $FPS -loop 1 -t $TEASER_SECONDS -i "$work/scan.svg" \
  -framerate $FPS -loop 1 -t $TEASER_SECONDS -i "$work/dust.png" \
  -filter_complex "
    [0:v]format=rgba[sky];
    [sky][1:v]overlay=x='-t*10':y=${H}-h-70:format=auto[a];
    [a][2:v]overlay=x='-t*26':y=${H}-h:format=auto[b];
    [5:v]scale=${W}:${H}:flags=bilinear,scroll=horizontal=0.0016:vertical=-0.0011,format=gray[mask];
    color=c=0xf6dcb4:s=${W}x${H}:r=${FPS},format=rgba[motes];
    [motes][mask]alphamerge[dust];
    [b][dust]overlay=format=auto[c];
    [3:v]format=rgba,fade=t=in:st=1.4:d=1.3:alpha=1[title];
    [c][title]overlay=x=0:y=40:format=auto[d];
    [d]drawtext=fontfile=${MONO_BOLD}:text='THE WORLD FELL. THE RESISTANCE BUILDS.':fontsize=20:fontcolor=0xf1e6d2:x=(w-tw)/2:y=232:alpha='if(lt(t,3),0,min(1,(t-3)/0.8))':box=1:boxcolor=0x14110d@0.55:boxborderw=6[e];
    [e][4:v]overlay=format=auto,
    eq=brightness='-0.05*gt(sin(t*5.3)*sin(t*2.1),0.82)':eval=frame,
    noise=alls=7:allf=t,vignette=PI/5,format=yuv420p[v]" \
  -map "[v]" -r $FPS -frames:v $((TEASER_SECONDS * FPS)) -c:v ffv1 "$work/teaser.mkv"

encode_webm "$work/teaser.mkv" "$out/teaser.webm" 260k
encode_mp4 "$work/teaser.mkv" "$out/teaser.mp4" 30 560k
# The poster is the title card the teaser ends on, so a reduced-motion visitor still sees it.
ff -ss 5.5 -i "$work/teaser.mkv" -frames:v 1 -q:v 6 "$out/teaser-poster.jpg"

# ---------------------------------------------------------------- radar loop (4 s, seamless)
LOOP_FRAMES=$((4 * FPS))
# The sweep angle depends on the frame number only and turns exactly once in LOOP_FRAMES,
# so the last frame leads into the first with no seam.
RADAR="st(0,hypot(X-220,Y-180));st(1,atan2(Y-180,X-220));st(2,2*PI*N/${LOOP_FRAMES});\
st(3,mod(ld(2)-ld(1)+4*PI,2*PI));\
st(4,lt(ld(0),150));\
st(5,lt(mod(ld(0),37.5),1.3)+lt(abs(ld(0)-150),1.6));\
st(6,lt(abs(X-220),0.9)+lt(abs(Y-180),0.9));\
st(7,exp(-(pow(X-290,2)+pow(Y-120,2))/30)*exp(-mod(ld(2)-atan2(120-180,290-220)+4*PI,2*PI)*1.3)\
+exp(-(pow(X-160,2)+pow(Y-240,2))/30)*exp(-mod(ld(2)-atan2(240-180,160-220)+4*PI,2*PI)*1.3)\
+exp(-(pow(X-250,2)+pow(Y-262,2))/30)*exp(-mod(ld(2)-atan2(262-180,250-220)+4*PI,2*PI)*1.3));\
clip(10+ld(4)*(14+170*exp(-ld(3)*2.4)+55*lt(ld(3),0.025))+70*lt(ld(0),151)*ld(5)+ld(4)*38*ld(6)+255*ld(7),0,255)"

ff -f lavfi -i "nullsrc=s=${W}x${H}:r=${FPS},format=gray,geq=lum='${RADAR}'" \
  -framerate $FPS -loop 1 -i "$work/scan.svg" \
  -filter_complex "
    [0:v]format=rgb24,colorchannelmixer=rr=0.63:gg=0.83:bb=0.42[radar];
    [radar]drawbox=x=420:y=70:w=190:h=220:color=0x2b2620:t=2,
    drawtext=fontfile=${MONO_BOLD}:text='RELAY OUTPOST-7':fontsize=17:fontcolor=0xf09a4e:x=436:y=88,
    drawtext=fontfile=${MONO}:text='FREQ 147.300':fontsize=15:fontcolor=0xb9ab93:x=436:y=124,
    drawtext=fontfile=${MONO}:text='SURVIVORS  03':fontsize=15:fontcolor=0xb9ab93:x=436:y=150,
    drawtext=fontfile=${MONO}:text='STATUS':fontsize=15:fontcolor=0xb9ab93:x=436:y=176,
    drawtext=fontfile=${MONO_BOLD}:text='LIVE':fontsize=15:fontcolor=0x9fd36b:x=520:y=176:enable='lt(mod(n,24),16)',
    drawbox=x=436:y=214:w=14:h=14:color=0xc4561b:t=fill:enable='lt(mod(n,12),6)',
    drawtext=fontfile=${MONO}:text='TRANSMITTING':fontsize=13:fontcolor=0xf1e6d2:x=460:y=215,
    drawbox=x=436:y=244:w=158:h=14:color=0x2b2620:t=fill,
    drawbox=x=438:y=246:w=28:h=10:color=0x5d6b3a:t=fill,
    drawbox=x=470:y=246:w=28:h=10:color=0x5d6b3a:t=fill:enable='gte(mod(n,24),4)',
    drawbox=x=502:y=246:w=28:h=10:color=0x5d6b3a:t=fill:enable='gte(mod(n,24),8)',
    drawbox=x=534:y=246:w=28:h=10:color=0x9fd36b:t=fill:enable='gte(mod(n,24),12)',
    drawbox=x=566:y=246:w=26:h=10:color=0x9fd36b:t=fill:enable='gte(mod(n,24),16)'[panel];
    [panel][1:v]overlay=format=auto,vignette=PI/5,format=yuv420p[v]" \
  -map "[v]" -frames:v $LOOP_FRAMES -c:v ffv1 "$work/loop.mkv"

encode_webm "$work/loop.mkv" "$out/radar-loop.webm" 150k
encode_mp4 "$work/loop.mkv" "$out/radar-loop.mp4" 30 420k
ff -i "$work/loop.mkv" -frames:v 1 -q:v 6 "$out/radar-loop-poster.jpg"

for file in "$out"/*; do check_size "$file"; done
