// Command interleave times whole processes by running them in turn, one
// run of each per round, and prints each one's median and quartiles of
// wall time, and its median beside the first command's; then the same of
// the CPU time (user and system) the kernel counted for each run.
//
//	go run ./cmd/interleave -rounds 300 -- CMD ARGS... -- CMD ARGS...
//
// A shared machine's speed drifts by tens of percent within minutes. Runs
// in blocks (hyperfine's ten of one, then ten of the other) can land in
// different phases of that drift; one run of each in turn puts every pair
// in the same phase. On a loaded machine a run's wall time also holds the
// time it waited for a processor, which its CPU time does not. A command's
// exit status is not judged (check exits 1 for a disallowed URL), but one
// that cannot be started stops the run.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

func main() {
	rounds := flag.Int("rounds", 300, "rounds to time, after the warm-up")
	warmup := flag.Int("warmup", 5, "rounds run first and not timed")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: interleave [-rounds N] [-warmup N] -- CMD ARGS... [-- CMD ARGS...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	cmds := splitCommands(flag.Args())
	if len(cmds) == 0 || *rounds < 1 || *warmup < 0 {
		flag.Usage()
		os.Exit(2)
	}
	times, err := run(cmds, *warmup, *rounds)
	if err != nil {
		fmt.Fprintln(os.Stderr, "interleave:", err)
		os.Exit(1)
	}
	report(os.Stdout, cmds, times)
}

// splitCommands cuts the arguments at each "--" into commands, dropping
// empty ones.
func splitCommands(args []string) [][]string {
	var cmds [][]string
	var cur []string
	for _, a := range append(args, "--") {
		if a != "--" {
			cur = append(cur, a)
		} else if len(cur) > 0 {
			cmds, cur = append(cmds, cur), nil
		}
	}
	return cmds
}

// samples are one command's timed runs.
type samples struct {
	wall, cpu []time.Duration
}

// run runs every command once per round, in reverse order every other
// round so that none always runs first, and returns each one's timed
// runs.
func run(cmds [][]string, warmup, rounds int) ([]samples, error) {
	times := make([]samples, len(cmds))
	for r := range warmup + rounds {
		for k := range cmds {
			i := k
			if r%2 == 1 {
				i = len(cmds) - 1 - k
			}
			c := cmds[i]
			cmd := exec.Command(c[0], c[1:]...)
			start := time.Now()
			err := cmd.Run()
			d := time.Since(start)
			var exit *exec.ExitError
			if err != nil && !errors.As(err, &exit) {
				return nil, err
			}
			if r >= warmup {
				ps := cmd.ProcessState
				times[i].wall = append(times[i].wall, d)
				times[i].cpu = append(times[i].cpu, ps.UserTime()+ps.SystemTime())
			}
		}
	}
	return times, nil
}

func report(w io.Writer, cmds [][]string, times []samples) {
	firstWall, firstCPU := quantile(times[0].wall, 0.5), quantile(times[0].cpu, 0.5)
	for i, c := range cmds {
		fmt.Fprintf(w, "%s: %s; CPU %s\n", strings.Join(c, " "),
			summary(times[i].wall, firstWall), summary(times[i].cpu, firstCPU))
	}
}

// summary is ts's median and quartiles, and its median beside first's.
func summary(ts []time.Duration, first time.Duration) string {
	med := quantile(ts, 0.5)
	return fmt.Sprintf("median %.3f ms (p25 %.3f, p75 %.3f), %.3f× the first",
		ms(med), ms(quantile(ts, 0.25)), ms(quantile(ts, 0.75)), float64(med)/float64(first))
}

// quantile returns the q-quantile of ts by nearest rank (the smallest
// value with at least q of them at or below it), sorting ts.
func quantile(ts []time.Duration, q float64) time.Duration {
	slices.Sort(ts)
	rank := int(math.Ceil(q * float64(len(ts))))
	return ts[max(0, min(len(ts), rank)-1)]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
