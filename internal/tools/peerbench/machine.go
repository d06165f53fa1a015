package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
)

// machine describes where the numbers came from, as benchcompare does.
func machine() string {
	cpu, vec := "unknown CPU", "?"
	if info, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(info), "\n") {
			if strings.HasPrefix(l, "model name") && cpu == "unknown CPU" {
				cpu = strings.TrimSpace(strings.SplitN(l, ":", 2)[1])
			}
			if strings.HasPrefix(l, "flags") && vec == "?" {
				// The SDK's vector kernels: AVX2 for strings, AVX-512F
				// for long copies.
				has := map[string]bool{}
				for _, f := range strings.Fields(l) {
					has[f] = true
				}
				vec = "no AVX2"
				if has["avx2"] {
					vec = "AVX2"
				}
				if has["avx512f"] {
					vec += ", AVX-512F"
				} else {
					vec += ", no AVX-512F"
				}
			}
		}
	}
	mem := "? memory"
	if f, err := os.Open("/proc/meminfo"); err == nil {
		head, _ := io.ReadAll(io.LimitReader(f, 200))
		f.Close()
		if fs := strings.Fields(string(head)); len(fs) > 1 {
			mem = fs[1] + " kB memory"
		}
	}
	exp := goExperiment()
	if exp == "" {
		exp = "none"
	}
	return fmt.Sprintf("- %s (%s), %d cores (GOMAXPROCS %d), %s\n- %s %s/%s, GOEXPERIMENT %s\n",
		cpu, vec, runtime.NumCPU(), runtime.GOMAXPROCS(0), mem, runtime.Version(), runtime.GOOS, runtime.GOARCH, exp)
}
