#!/usr/bin/env python3
"""Compares commands by running them in turn, run after run, and printing median wall and CPU time.

    python3 Benchmarks/alternate.py [--prepare "COMMAND"] [--warmup N] RUNS "COMMAND A" "COMMAND B" ...

hyperfine runs all of one command's runs before the next command's, so a machine that slows
down midway (other builds, memory compaction) moves one median and not the other. Alternating
spreads that drift over all commands alike: use it to compare two builds of ghusers, or one
against its anchor, within a millisecond. Output goes to /dev/null; 10 warm-up rounds are
not counted (--warmup sets how many). --prepare runs a shell command, untimed, before every run
of every command (a fresh copy of a home for next-page, as hyperfine's --prepare).
"""
import os
import shlex
import statistics
import subprocess
import sys
import time


def alternately(commands, runs, warmup=10, prepare=None, environment=None):
    """Runs each command (an argument list) once per round, for warmup + runs rounds, and returns
    each command's (wall ms, CPU ms) samples of the counted rounds. Output goes to /dev/null;
    prepare, a shell command, runs untimed before every run."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    redirect = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
    results = [[] for _ in commands]
    for round_ in range(runs + warmup):
        for index, command in enumerate(commands):
            if prepare is not None:
                subprocess.run(prepare, shell=True, check=True)
            start = time.perf_counter()
            pid = os.posix_spawnp(command[0], command, environment or os.environ, file_actions=redirect)
            _, status, usage = os.wait4(pid, 0)
            wall = (time.perf_counter() - start) * 1000
            if status != 0:
                raise SystemExit(f"{shlex.join(command)} failed (wait status {status})")
            if round_ >= warmup:
                results[index].append((wall, (usage.ru_utime + usage.ru_stime) * 1000))
    os.close(devnull)
    return results


def main() -> None:
    arguments = sys.argv[1:]
    prepare, warmup = None, 10
    while arguments and arguments[0] in ("--prepare", "--warmup"):
        if arguments[0] == "--prepare":
            prepare = arguments[1]
        else:
            warmup = int(arguments[1])
        arguments = arguments[2:]
    runs = int(arguments[0])
    texts = arguments[1:]
    results = alternately([shlex.split(command) for command in texts], runs, warmup, prepare)
    for text, samples in zip(texts, results):
        wall = sorted(sample[0] for sample in samples)
        cpu = sorted(sample[1] for sample in samples)
        print(f"{statistics.median(wall):8.2f} ms wall (p25 {wall[len(wall) // 4]:.2f})  {statistics.median(cpu):7.2f} ms cpu  {text}")


if __name__ == "__main__":
    main()
