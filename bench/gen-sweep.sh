#!/usr/bin/env bash
# gen-sweep.sh N: writes to stdout one experiment whose sweep grid has N points; every point is one
# process (a Job) that binds one service (a Service). Used by bench.sh once stave compiles sweeps.
set -euo pipefail
n="${1:?usage: gen-sweep.sh N}"
cat <<HEAD
kind: experiment
name: sweep-$n
project: bench
image: registry.example/bench/worker:1.0
port_range: "7000-7999"
labels: {suite: bench}
processes:
  worker:
    command: [python, train.py]
    args: [--seed, "{{seed}}"]
    binds: [params]
    resource_request: {cpu: 1, memory: 2Gi}
sweep:
  grid:
HEAD
awk -v n="$n" 'BEGIN { printf "    seed: ["; for (i = 1; i <= n; i++) printf "%s%d", (i > 1 ? ", " : ""), i; print "]" }'
