package trace

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// sessionLine is a line of the doc's session; the format's table does not
// match.
var sessionLine = regexp.MustCompile(`^(# .*|(main|e[0-9]+) (finish|[a-z_.]+ [0-9a-f]+))$`)

// TestDocSession: the session in the package doc is a trace that keeps
// every rule.
func TestDocSession(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	var session []string
	for _, l := range strings.Split(string(src), "\n") {
		if s, ok := strings.CutPrefix(l, "//\t"); ok && sessionLine.MatchString(s) {
			session = append(session, s)
		}
	}
	require.Contains(t, session, "main finish", "the doc holds the session")
	require.Greater(t, len(session), 10)
	require.NoError(t, Check(NewReader(strings.NewReader(strings.Join(session, "\n")+"\n"))))
}
