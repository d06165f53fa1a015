package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
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

// parse parses args with fs. It returns done with the exit status when the
// subcommand is over: -h or --help prints usage (and the flags) on stdout
// and is 0; a bad flag prints the error and usage on stderr and is 2.
func parse(fs *flag.FlagSet, usage string, args []string, stdout, stderr io.Writer) (status int, done bool) {
	err := fs.Parse(args)
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
