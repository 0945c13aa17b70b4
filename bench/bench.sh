#!/usr/bin/env bash
# Measures stave against `kubectl kustomize` (docs/performance.md). Run by hand from anywhere:
#
#   bench/bench.sh [--runs N] [--sizes "100 1000 10000"] [--sweep | --no-sweep]
#                  [--kustomize-timeout SECONDS] [--keep]
#
# (a) a cold `./stave compile examples/cheetah-ppo.conf`, JVM start included;
# (b) large inputs of N points: with sweep support (detected from `stave schema experiment`, or forced
#     with --sweep) one experiment whose grid has N points, each point a Job plus a Service; without
#     it, N experiment files of one process that binds one service (a Job and a Service each);
# (c) `kubectl kustomize` on the files stave wrote for (b), as the reference;
# (d) the peak resident memory of every command.
# Inputs and outputs live in /dev/shm when it exists (set TMPDIR to measure on a disk).
# Every figure is the median of --runs runs (default 5); wall and CPU time (user + system) come from
# GNU time, 10 ms resolution. Nothing here asserts: the numbers go into docs/performance.md.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs=5
sizes="100 1000 10000"
mode=auto
ktimeout=120
keep=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --sizes) sizes="$2"; shift 2 ;;
    --sweep) mode=sweep; shift ;;
    --no-sweep) mode=points; shift ;;
    --kustomize-timeout) ktimeout="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done

if [[ ! -x /usr/bin/time ]] || ! /usr/bin/time -f %M true >/dev/null 2>&1; then
  echo "bench: GNU time is needed for peak memory: apt-get install -y time" >&2
  exit 2
fi
kubectl=1
command -v kubectl >/dev/null || { kubectl=0; echo "bench: no kubectl on PATH; the kustomize column stays empty" >&2; }

# Outputs go to memory (/dev/shm) unless TMPDIR says otherwise: creating 20,000 files on a disk costs
# what the disk costs, and on some (ext4 with discard, right after deleting as many) far more than the
# compile itself. The file system used is printed with the results.
if [[ -z "${TMPDIR:-}" && -d /dev/shm && -w /dev/shm ]]; then
  base=/dev/shm
else
  base="${TMPDIR:-/tmp}"
fi
work="$(mktemp -d "$base/stave-bench.XXXXXX")"
[[ $keep == 1 ]] && echo "bench: inputs and outputs kept in $work" >&2 || trap 'rm -rf "$work"' EXIT

echo "bench: building (mvn -B -q -DskipTests package)..." >&2
(cd "$here" && mvn -B -q -DskipTests package >&2)
stave="$here/stave"
# The first run after a build trains the class-data archive; it is not measured.
"$stave" compile "$here/examples/cheetah-ppo.conf" -o "$work/warm" >/dev/null 2>&1

if [[ $mode == auto ]]; then
  # Not piped into grep -q: grep stops reading at the first match, the rest of the write fails, and
  # with pipefail the failed write would make this "points".
  schema="$("$stave" schema experiment 2>/dev/null || true)"
  if grep -q '"sweep"' <<<"$schema"; then mode=sweep; else mode=points; fi
fi

# measure NAME RUNS CMD...: runs CMD, keeps "wall cpu rss_kb" per run in $work/NAME.times.
measure() {
  local name="$1" n="$2"
  shift 2
  : > "$work/$name.times"
  for ((r = 0; r < n; r++)); do
    if ! /usr/bin/time -f "%e %U %S %M" -o "$work/$name.t" "$@" > "$work/$name.out" 2> "$work/$name.err"; then
      if grep -q "Command terminated by signal\|Command exited with non-zero status 124" "$work/$name.t"; then
        echo "timeout" >> "$work/$name.times"
        return 0
      fi
      echo "bench: '$name' failed:" >&2
      head -20 "$work/$name.err" >&2
      exit 1
    fi
    tail -1 "$work/$name.t" | awk '{printf "%.2f %.2f %d\n", $1, $2 + $3, $4}' >> "$work/$name.times"
  done
}

# median NAME COLUMN: the median of one column (1 wall, 2 cpu, 3 rss kB); "-" when timed out.
median() {
  if grep -q timeout "$work/$1.times"; then echo "-"; return; fi
  awk -v c="$2" '{print $c}' "$work/$1.times" | sort -g | awk '{v[NR] = $1} END {
    if (NR == 0) { print "-" } else if (NR % 2) { print v[(NR + 1) / 2] } else { print (v[NR / 2] + v[NR / 2 + 1]) / 2 } }'
}

# points N DIR: the stave input for N points; prints the config files to compile.
inputs() {
  local n="$1" dir="$2"
  if [[ $mode == sweep ]]; then
    "$here/bench/gen-sweep.sh" "$n" > "$dir/sweep-$n.yaml"
    echo "$dir/sweep-$n.yaml"
  else
    "$here/bench/gen-points.sh" "$n" "$dir"
    ls "$dir"/p*.yaml
  fi
}

# kustomization N OUT: the folder kustomize builds for the bundles stave wrote into OUT.
kustomization() {
  local n="$1" out="$2"
  if [[ $mode == sweep ]]; then
    echo "$out/sweep-$n"
    return
  fi
  # N bundles of the same project: one namespace, then every bundle's Service and Job files.
  {
    echo "apiVersion: kustomize.config.k8s.io/v1beta1"
    echo "kind: Kustomization"
    echo "resources:"
    (cd "$out" && ls point-00001/*-namespace-*.yaml && ls -d point-*/ | sed 's,/$,,' |
      while read -r b; do ls "$b"/*.yaml | grep -v -e kustomization.yaml -e -namespace-; done) | sed 's/^/- /'
  } > "$out/kustomization.yaml"
  echo "$out"
}

rows=()
row() { rows+=("$(printf '%-34s %8s %9s %9s %8s %9s %9s %8s %9s' "$@")"); }

measure small "$runs" "$stave" compile "$here/examples/cheetah-ppo.conf" -o "$work/small"
row "(a) cheetah-ppo.conf, cold" 7 "$(median small 1)" "$(median small 2)" \
  "$(( $(median small 3) / 1024 ))" "" "" "" ""

for n in $sizes; do
  dir="$work/in-$n"
  mkdir -p "$dir"
  mapfile -t configs < <(inputs "$n" "$dir")
  measure "stave-$n" "$runs" "$stave" compile "${configs[@]}" -o "$work/out-$n"
  objects=$(find "$work/out-$n" -name '*.yaml' ! -name kustomization.yaml | wc -l)
  wall=$(median "stave-$n" 1)
  kwall="" krss="" ratio=""
  if [[ $kubectl == 1 ]]; then
    kdir="$(kustomization "$n" "$work/out-$n")"
    # A bundle's own is named Kustomization; the one made above for N bundles, kustomization.yaml.
    kfile="$kdir/Kustomization"
    [[ -f "$kfile" ]] || kfile="$kdir/kustomization.yaml"
    kobjects=$(grep -c '^- ' "$kfile")
    # Quadratic: beyond a minute one run says enough.
    kruns=$runs
    [[ $kobjects -gt 4000 ]] && kruns=1
    measure "kustomize-$n" "$kruns" timeout "$ktimeout" kubectl kustomize "$kdir"
    kwall=$(median "kustomize-$n" 1)
    if [[ $kwall == "-" ]]; then
      kwall=">$ktimeout" krss="-" ratio=">$(awk -v k="$ktimeout" -v s="$wall" 'BEGIN {printf "%.1f", k / s}')x"
    else
      krss=$(( $(median "kustomize-$n" 3) / 1024 ))
      ratio=$(awk -v k="$kwall" -v s="$wall" 'BEGIN {printf "%.1fx", k / s}')
    fi
  fi
  per=$(awk -v w="$wall" -v n="$n" 'BEGIN {printf "%.3f", 1000 * w / n}')
  row "(b) $n points ($mode)" "$objects" "$wall" "$(median "stave-$n" 2)" \
    "$(( $(median "stave-$n" 3) / 1024 ))" "$per" "$kwall" "$krss" "$ratio"
  rm -rf "$dir"
done

echo
echo "stave bench: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"\
  "$(java -version 2>&1 | head -1), $(kubectl version --client 2>/dev/null | head -1 || true)"
echo "medians of $runs runs (kustomize: 1 run above 4000 objects); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "inputs and outputs in $base ($(stat -f -c %T "$work" 2>/dev/null || echo unknown file system))"
echo
printf '%-34s %8s %9s %9s %8s %9s %9s %8s %9s\n' "case" "objects" "wall s" "cpu s" "RSS MB" \
  "ms/point" "kust. s" "k RSS MB" "kust/st"
printf '%s\n' "${rows[@]}"
