#!/usr/bin/env bash
# gen-points.sh N DIR: writes N experiment files DIR/p<i>.yaml, one per point. Each point is one
# process (a Job) that binds one service (a Service), all in the project "bench"; so N points make
# N bundles of a Namespace, a Job and a Service. Deterministic: the same N writes the same files.
set -euo pipefail
n="${1:?usage: gen-points.sh N DIR}"
dir="${2:?usage: gen-points.sh N DIR}"
mkdir -p "$dir"
awk -v n="$n" -v dir="$dir" 'BEGIN {
  for (i = 1; i <= n; i++) {
    f = sprintf("%s/p%05d.yaml", dir, i)
    printf "kind: experiment\nname: point-%05d\nproject: bench\nimage: registry.example/bench/worker:1.0\n", i > f
    printf "port_range: \"7000-7999\"\nlabels: {suite: bench}\nprocesses:\n" > f
    printf "  worker:\n    command: [python, train.py]\n" > f
    printf "    args: [--seed, \"%d\", --lr, \"0.%03d\"]\n", i, i % 1000 > f
    printf "    binds: [params]\n    resource_request: {cpu: 1, memory: 2Gi}\n" > f
    printf "    env: {POINT: \"%d\"}\n", i > f
    close(f)
  }
}'
