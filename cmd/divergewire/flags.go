package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Exit statuses.
const (
	exitOK       = 0
	exitBadFrame = 1 // decode: a payload did not decode; check: a violation
	exitUsage    = 2
)

// newFlags is a subcommand's flag set: its errors and usage go through
// parse, not to os.Stderr.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("divergewire "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parse parses args with fs. Flags may come before, between or after the
// positional arguments (as go's own tools take them); "--" ends the flags,
// and "-" alone is a positional argument (stdin). It returns done with the
// exit status when the subcommand is over: -h or --help prints usage (and
// the flags) on stdout and is 0; a bad flag prints the error and usage on
// stderr and is 2.
func parse(fs *flag.FlagSet, usage string, args []string, stdout, stderr io.Writer) (status int, done bool) {
	err := fs.Parse(flagsFirst(fs, args))
	switch {
	case err == nil:
		return 0, false
	case errors.Is(err, flag.ErrHelp):
		printUsage(stdout, fs, usage)
		return exitOK, true
	}
	fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
	printUsage(stderr, fs, usage)
	return exitUsage, true
}

// printUsage writes usage, then the flags' defaults if there are any.
func printUsage(w io.Writer, fs *flag.FlagSet, usage string) {
	fmt.Fprint(w, usage)
	any := false
	fs.VisitAll(func(*flag.Flag) { any = true })
	if any {
		fmt.Fprintln(w, "\nflags:")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
}

// badArgs reports wrong arguments: usage on stderr, status 2.
func badArgs(fs *flag.FlagSet, usage string, stderr io.Writer) int {
	printUsage(stderr, fs, usage)
	return exitUsage
}

// flagsFirst reorders args for fs.Parse, which stops at the first
// positional argument: every flag (with its value, for a flag that takes
// one as the next argument) first, then "--", then the positional
// arguments in their order. Everything after a "--" in args is positional.
// An unknown flag is kept as a flag, for fs.Parse to report.
func flagsFirst(fs *flag.FlagSet, args []string) []string {
	flags := make([]string, 0, len(args)+1)
	var positional []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			positional = append(positional, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			positional = append(positional, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if strings.Contains(name, "=") {
			continue
		}
		if f := fs.Lookup(name); f != nil && !isBoolFlag(f) {
			if i+1 == len(args) {
				return flags // its value is missing: fs.Parse says so
			}
			i++
			flags = append(flags, args[i])
		}
	}
	return append(append(flags, "--"), positional...)
}

// isBoolFlag reports whether f takes no value argument (-f alone sets it).
func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
