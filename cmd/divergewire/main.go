// Command divergewire decodes, checks and conforms diverge container-proxy
// payloads.
//
//	divergewire conform            answer "<scope> <hex>" lines as rustref conform does
//	divergewire decode SCOPE HEX   show one payload
//	divergewire decode FILE        show every "<scope> <hex>" line of a file
//	divergewire decode SCOPE -     show the raw bytes on stdin as one payload
//	divergewire check TRACE        check a recorded begin session, print ok or the first violation
//	divergewire scopes             list the scopes
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/diverge-network/diverge-sdk-go/internal/scopes"
)

const usage = `usage:
  divergewire conform                          answer "<scope> <hex>" lines on stdin, as rustref conform does
  divergewire decode [--show-secrets] SCOPE HEX   show one payload
  divergewire decode [--show-secrets] FILE        show every "<scope> <hex>" line of FILE (- for stdin)
  divergewire decode [--show-secrets] TRACE       show a session trace, event by event with its loops
  divergewire decode [--show-secrets] SCOPE -     show stdin's raw bytes as one payload
  divergewire check TRACE                      check a session trace: print ok, or the first rule it breaks
  divergewire bench [--ms N] FILE              time decode and encode of FILE's ok vectors, as rustref bench does
  divergewire scopes                           list the scopes
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "conform":
		if err := conform(stdin, stdout); err != nil {
			fmt.Fprintln(stderr, "divergewire:", err)
			return 1
		}
		return 0
	case "decode":
		return decode(args[1:], stdin, stdout, stderr)
	case "check":
		return check(args[1:], stdin, stdout, stderr)
	case "bench":
		return bench(args[1:], stdout, stderr)
	case "scopes":
		for _, s := range scopes.All {
			fmt.Fprintln(stdout, s.Name)
		}
		return 0
	}
	fmt.Fprint(stderr, usage)
	return 2
}
